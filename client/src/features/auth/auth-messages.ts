import type { LoginErrorCode } from '@signalrelay/contracts/auth';

/** Every text of the account screens that the spec fixes (sections 4, 5 and 8), in one place. */

/** `/login?error=<code>`: what each code the server sends back from a provider means. */
const loginErrors: Record<LoginErrorCode, string> = {
  google_auth_failed: 'Google authentication failed. Please try again.',
  facebook_auth_failed: 'Facebook authentication failed. Please try again.',
  facebook_not_configured: 'Facebook login is not available at this time.',
  // The spec names no text for Google; this follows the Facebook one.
  google_not_configured: 'Google login is not available at this time.',
  auth_callback_failed: 'Authentication callback failed. Please try again.',
};

/** The text for an error code; own keys only, so `?error=toString` is just an unknown code. */
export function loginErrorMessage(code: string): string {
  return Object.hasOwn(loginErrors, code)
    ? loginErrors[code as LoginErrorCode]
    : 'An authentication error occurred. Please try again.';
}

export const messages = {
  loginFailed: 'Login failed',
  loginError: 'An error occurred during login.',
  socialStartFailed: {
    google: 'Failed to initiate Google login',
    facebook: 'Failed to initiate Facebook login',
  },
  termsRequired: 'You must agree to the Terms of Service and Cookie Policy to continue.',
  passwordLength: 'Password must be 8-64 characters long, include at least one character.',
  passwordsDiffer: 'Passwords do not match.',
  signupFailed: 'Signup failed. Please try again.',
  signupError: 'An error occurred during signup.',
  forgotFailed: 'Failed to send reset email.',
  forgotError: 'An error occurred. Please try again.',
  forgotSent: 'Password reset email sent successfully. Please check your inbox.',
  verificationSent:
    'If an unverified account uses this address, a new verification link is on its way. Please check your inbox.',
  verificationSendFailed: 'Failed to send the verification email.',
  resetFailed: 'Failed to reset password.',
  resetDone: 'Your password has been reset successfully.',
  verificationFailed:
    'There was an issue verifying your email. Please try signing up again or contact our support team for assistance.',
} as const;

/** The spec's password rule (section 5), shown as a hint; the server enforces it. */
export const passwordRuleHint =
  '8-64 characters with at least one letter; letters, digits and @$!%*?& only.';
