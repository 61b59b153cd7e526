/** The catalogue's messages of the Appearance setting (MESSAGES.theme). */
export const THEME_MESSAGES = {
  invalidTheme: 'Theme must be one of system, light or dark.',
  title: 'Appearance',
  intro: 'Choose how Cloud 9 looks on every device you sign in with.',
  legend: 'Theme',
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  systemHint: 'Follows your device',
  saveFailed: 'Could not save your theme. It is kept on this device only.',
} as const;
