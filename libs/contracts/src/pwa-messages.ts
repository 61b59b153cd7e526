/** The installed app's words: the offline states and the new version's banner. */
export const PWA_MESSAGES = {
  offlineTitle: "You're offline",
  offlineText: "This page needs a connection. It loads by itself when you're back online.",
  offlineHomeLink: 'See what you last saw on Home',
  offlineHomeNote: "You're offline — showing what you last saw.",
  offlineHomeEmpty: "Nothing saved to show yet. Home loads by itself when you're back online.",
  updateReady: 'A new version is ready',
  reload: 'Reload',
} as const;
