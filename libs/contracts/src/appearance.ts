/** The Appearance setting's route schema (PUT /api/me/theme): its body, which is also its answer. */
import * as z from 'zod/mini';
import { THEMES } from './theme';
import { THEME_MESSAGES } from './theme-messages';

export const ThemeBody = z.object({ theme: z.enum(THEMES, { error: THEME_MESSAGES.invalidTheme }) });
export type ThemeBody = z.output<typeof ThemeBody>;
