import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './auth-messages.ts';
import { signupFormSchema, signupProblem } from './signup-checks.ts';

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

describe('signupFormSchema', () => {
  const problems = (form: Record<string, unknown>) =>
    signupFormSchema.safeParse(form).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it("shows the API's checks of names and e-mail, and the first spec check under its field", () => {
    const form = { ...fields, firstname: ' ', email: 'nope', password: 'short', agreed: true };
    expect(problems(form)).toEqual([
      ['firstname', 'firstname is required'],
      ['email', 'Enter a valid email address'],
      ['password', 'Password must be 8-64 characters long, include at least one character.'],
    ]);
    expect(problems({ ...fields, confirm: 'Secret124', agreed: true })).toEqual([
      ['confirm', 'Passwords do not match.'],
    ]);
    expect(problems({ ...fields, agreed: false })?.[0]?.[0]).toBe('agreed');
    // The API's character rule is the API's answer, not the form's (spec section 5).
    expect(problems({ ...fields, password: '12345678', confirm: '12345678', agreed: true })).toBe(
      undefined,
    );
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
