/** The pickers' browsing labels (they load with the pickers, not with the first page). */
export const GIF_LABELS = {
  categories: 'Categories',
  emoji: 'Emoji',
  related: 'Related',
  random: 'Random',
  randomAgain: 'Another random GIF',
  backToTrending: 'Back to trending',
  relatedTo: (title: string) => `GIFs like ${title || 'this GIF'}`,
  randomTitle: (tag: string) => (tag ? `A random “${tag}” GIF` : 'A random GIF'),
} as const;
