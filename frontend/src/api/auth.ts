import { ROUTES, type CurrentUser } from '@cloud9/contracts';
import { callApi } from './client';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface RegisterResponse {
  success: boolean;
  user?: CurrentUser;
  error?: string;
}

export const registerUser = (input: RegisterInput): Promise<RegisterResponse> => callApi(ROUTES.users.register, { body: input });

export const login = (username: string, password: string) => callApi(ROUTES.auth.login, { body: { username, password } });

export const logout = (): Promise<{ success: boolean }> => callApi(ROUTES.auth.logout);

export const fetchMe = () => callApi(ROUTES.auth.me);
