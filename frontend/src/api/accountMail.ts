import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

/** The account's mail (decision 0092): verifying the address, resetting a forgotten password. */
export const verifyEmail = (token: string) => callApi(ROUTES.accountMail.verifyEmail, { body: { token } });

export const resendVerification = () => callApi(ROUTES.accountMail.resendVerification);

export const forgotPassword = (login: string) => callApi(ROUTES.accountMail.forgotPassword, { body: { login } });

export const resetPassword = (token: string, password: string) => callApi(ROUTES.accountMail.resetPassword, { body: { token, password } });
