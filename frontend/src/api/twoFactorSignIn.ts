import { ROUTES, type LoginSecondStepBody } from '@cloud9/contracts';
import { callApi } from './client';

/** Sign-in's second step, from the browser that gave the password (its pending-sign-in cookie; decision 0093). */
export const loginSecondStep = (body: LoginSecondStepBody) => callApi(ROUTES.twoFactor.login, { body });
