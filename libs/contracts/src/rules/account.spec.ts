import { MESSAGES } from '../messages';
import { emailProblem, passwordProblem, registrationProblem, usernameProblem } from './account';

describe('account rules', () => {
  it('accepts 3–30 letters, digits and underscores', () => {
    expect(usernameProblem('abc')).toBeNull();
    expect(usernameProblem('A_1'.padEnd(30, 'x'))).toBeNull();
  });
  it('rejects short, long or odd usernames', () => {
    expect(usernameProblem('ab')).toBe(MESSAGES.auth.usernameInvalid);
    expect(usernameProblem('a'.repeat(31))).toBe(MESSAGES.auth.usernameInvalid);
    expect(usernameProblem('bad name')).toBe(MESSAGES.auth.usernameInvalid);
    expect(usernameProblem('drop;table')).toBe(MESSAGES.auth.usernameInvalid);
    expect(usernameProblem('')).toBe(MESSAGES.auth.usernameRequired);
    expect(usernameProblem(42)).toBe(MESSAGES.auth.usernameRequired);
  });
  it('checks emails', () => {
    expect(emailProblem('a@b.co')).toBeNull();
    expect(emailProblem('nope')).toBe(MESSAGES.auth.emailInvalid);
    expect(emailProblem(undefined)).toBe(MESSAGES.auth.emailRequired);
  });
  it('checks password length', () => {
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('short')).toBe(MESSAGES.auth.passwordTooShort);
    expect(passwordProblem('x'.repeat(257))).toBe(MESSAGES.auth.passwordTooLong);
    expect(passwordProblem('')).toBe(MESSAGES.auth.passwordRequired);
  });
  it('requires every registration field and a matching confirmation', () => {
    const ok = { username: 'sky_high', email: 's@k.y', password: 'cloudnine9', confirmPassword: 'cloudnine9' };
    expect(registrationProblem(ok)).toBeNull();
    expect(registrationProblem({ ...ok, email: '' })).toBe(MESSAGES.auth.allFieldsRequired);
    expect(registrationProblem({ ...ok, confirmPassword: 'other-pass' })).toBe(MESSAGES.auth.passwordsDoNotMatch);
  });
});
