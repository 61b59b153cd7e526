import { ROUTES, type Theme } from '@cloud9/contracts';
import { callApi } from './client';

export const saveTheme = (theme: Theme) => callApi(ROUTES.auth.setTheme, { body: { theme } });
