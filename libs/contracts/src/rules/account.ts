import { ACCOUNT_RULES } from '../limits';
import { AUTH_MESSAGES } from '../auth-messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Returns the catalogue message for a bad username, or null when it is fine. */
export function usernameProblem(username: unknown): string | null {
  if (typeof username !== 'string' || username.trim() === '') return AUTH_MESSAGES.usernameRequired;
  return ACCOUNT_RULES.usernamePattern.test(username) ? null : AUTH_MESSAGES.usernameInvalid;
}

export function emailProblem(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return AUTH_MESSAGES.emailRequired;
  if (email.length > ACCOUNT_RULES.emailMax || !EMAIL.test(email.trim())) return AUTH_MESSAGES.emailInvalid;
  return null;
}

export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password === '') return AUTH_MESSAGES.passwordRequired;
  if (password.length < ACCOUNT_RULES.passwordMin) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > ACCOUNT_RULES.passwordMax) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

/** Registration form check: all four fields required, the confirmation must match. */
export function registrationProblem(form: { username: string; email: string; password: string; confirmPassword: string }): string | null {
  if (!form.username || !form.email || !form.password || !form.confirmPassword) return AUTH_MESSAGES.allFieldsRequired;
  if (form.password !== form.confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  return usernameProblem(form.username) ?? emailProblem(form.email) ?? passwordProblem(form.password);
}
