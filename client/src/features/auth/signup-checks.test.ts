import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './auth-messages.ts';
import { signupProblem } from './signup-checks.ts';

const fields = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.test',
  password: 'Secret123',
  confirm: 'Secret123',
};

describe('signupProblem', () => {
  it('checks terms, then length, then the confirmation (spec section 5)', () => {
    const everythingWrong = { ...fields, password: 'short', confirm: 'other' };
    expect(signupProblem(everythingWrong, false)).toBe(
      'You must agree to the Terms of Service and Cookie Policy to continue.',
    );
    expect(signupProblem(everythingWrong, true)).toBe(
      'Password must be 8-64 characters long, include at least one character.',
    );
    const long = 'a'.repeat(65);
    expect(signupProblem({ ...fields, password: long, confirm: long }, true)).toBe(
      'Password must be 8-64 characters long, include at least one character.',
    );
    expect(signupProblem({ ...fields, confirm: 'Secret124' }, true)).toBe(
      'Passwords do not match.',
    );
    expect(signupProblem(fields, true)).toBeNull();
    const sixtyFour = `a${'1'.repeat(63)}`;
    expect(signupProblem({ ...fields, password: sixtyFour, confirm: sixtyFour }, true)).toBeNull();
  });
});

describe('loginErrorMessage', () => {
  it.each([
    ['google_auth_failed', 'Google authentication failed. Please try again.'],
    ['facebook_auth_failed', 'Facebook authentication failed. Please try again.'],
    ['facebook_not_configured', 'Facebook login is not available at this time.'],
    ['auth_callback_failed', 'Authentication callback failed. Please try again.'],
    ['toString', 'An authentication error occurred. Please try again.'],
    ['', 'An authentication error occurred. Please try again.'],
  ])('%s', (code, text) => {
    expect(loginErrorMessage(code)).toBe(text);
  });
});
