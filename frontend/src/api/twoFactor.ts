import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

/** Two-factor sign-in with an authenticator app (decision 0093): Settings' part. Sign-in's step is in twoFactorSignIn.ts, so the signed-out pages do not load this and Settings does not wait on a file of its own for it. */
export const setupTotp = () => callApi(ROUTES.twoFactor.setup);
export const enableTotp = (code: string) => callApi(ROUTES.twoFactor.enable, { body: { code } });
export const disableTotp = (password: string, code: string) => callApi(ROUTES.twoFactor.disable, { body: { password, code } });
export const newRecoveryCodes = (password: string) => callApi(ROUTES.twoFactor.recoveryCodes, { body: { password } });
