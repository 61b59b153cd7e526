import { ROUTES, type LoginSecondStepBody } from '@cloud9/contracts';
import { callApi } from './client';

/** Two-factor sign-in with an authenticator app (decision 0093). */
export const setupTotp = () => callApi(ROUTES.twoFactor.setup);
export const enableTotp = (code: string) => callApi(ROUTES.twoFactor.enable, { body: { code } });
export const disableTotp = (password: string, code: string) => callApi(ROUTES.twoFactor.disable, { body: { password, code } });
export const newRecoveryCodes = (password: string) => callApi(ROUTES.twoFactor.recoveryCodes, { body: { password } });
/** Sign-in's second step, from the browser that gave the password (its pending-sign-in cookie). */
export const loginSecondStep = (body: LoginSecondStepBody) => callApi(ROUTES.twoFactor.login, { body });
