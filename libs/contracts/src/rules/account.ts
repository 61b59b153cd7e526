import { ACCOUNT_RULES } from '../limits';
import { MESSAGES } from '../messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Returns the catalogue message for a bad username, or null when it is fine. */
export function usernameProblem(username: unknown): string | null {
  if (typeof username !== 'string' || username.trim() === '') return MESSAGES.auth.usernameRequired;
  return ACCOUNT_RULES.usernamePattern.test(username) ? null : MESSAGES.auth.usernameInvalid;
}

export function emailProblem(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return MESSAGES.auth.emailRequired;
  if (email.length > ACCOUNT_RULES.emailMax || !EMAIL.test(email.trim())) return MESSAGES.auth.emailInvalid;
  return null;
}

export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password === '') return MESSAGES.auth.passwordRequired;
  if (password.length < ACCOUNT_RULES.passwordMin) return MESSAGES.auth.passwordTooShort;
  if (password.length > ACCOUNT_RULES.passwordMax) return MESSAGES.auth.passwordTooLong;
  return null;
}

/** Registration form check: all four fields required, the confirmation must match. */
export function registrationProblem(form: { username: string; email: string; password: string; confirmPassword: string }): string | null {
  if (!form.username || !form.email || !form.password || !form.confirmPassword) return MESSAGES.auth.allFieldsRequired;
  if (form.password !== form.confirmPassword) return MESSAGES.auth.passwordsDoNotMatch;
  return usernameProblem(form.username) ?? emailProblem(form.email) ?? passwordProblem(form.password);
}
