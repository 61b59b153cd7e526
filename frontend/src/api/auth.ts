import type { CurrentUser } from '@cloud9/contracts';
import { apiRequest } from './client';

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

export const registerUser = (input: RegisterInput) =>
  apiRequest<RegisterResponse>('/api/users', { method: 'POST', body: input });

export const login = (username: string, password: string) =>
  apiRequest<CurrentUser>('/api/login', { method: 'POST', body: { username, password } });

export const logout = () => apiRequest<{ success: boolean }>('/api/logout', { method: 'POST' });

export const fetchMe = () => apiRequest<CurrentUser>('/api/me');
