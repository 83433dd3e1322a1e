import { z } from 'zod';
import { plans, subscriptionFields } from './billing.ts';

/**
 * Request and response contracts of /api/auth/* (spec section 3 payloads, section 5 rules).
 * Imports only zod so the client can share them.
 */

export const passwordRuleMessage =
  'Password must be 8-64 characters long, include at least one letter, and use only letters, digits and @$!%*?&.';

/** Spec section 5: 8 to 64 characters, at least one letter, only letters, digits and @$!%*?&. */
export const passwordPattern = /^(?=.*[A-Za-z])[A-Za-z\d@$!%*?&]{8,64}$/;

export function isValidPassword(password: string): boolean {
  return passwordPattern.test(password);
}

/** A string field whose errors say whether it was missing or of the wrong type. */
const text = (field: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be a string`,
  });

const password = text('password')
  .max(64, passwordRuleMessage)
  .regex(passwordPattern, passwordRuleMessage);

/** Addresses are compared lower-cased; 254 is the longest address SMTP allows. */
const email = text('email')
  .trim()
  .max(254, 'Email address is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((v) => v.toLowerCase());

const name = (field: string) =>
  text(field)
    .trim()
    .min(1, `${field} is required`)
    .max(100, `${field} must be at most 100 characters`)
    // Control characters would end up in e-mail headers and HTML.
    .refine((v) => !/\p{Cc}/u.test(v), `${field} contains invalid characters`);

/** A JSON object body; anything else (a string, an array, nothing) is one clear error. */
const body = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'The request body must be a JSON object.' });

export const loginBody = body({
  email,
  // Any stored password may be tried; the rule applies when a password is set, not at login.
  password: text('password').min(1, 'password is required').max(1024, 'password is too long'),
});

export const signupBody = body({
  email,
  password,
  firstname: name('firstname'),
  lastname: name('lastname'),
});

export const forgotBody = body({ email });

/** Tokens we issue are 43 base64url characters; anything else cannot match. */
export const tokenString = text('token').min(1, 'token is required').max(128, 'token is not valid');

export const resetBody = body({ token: tokenString, password });

export const verifyQuery = z.object({ token: tokenString });

/** `redirect` may only name a path on this site (no scheme, no host, no `//`). */
export const redirectQuery = z.object({
  redirect: z.string().max(2048).optional(),
});

export const plan = z.enum(plans);

/** What `getme` (and an allowed `dashboard-access`) returns: spec section 3, "Current user". */
export const currentUser = z.object({
  verified: z.boolean(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** First and last name together, for greetings. */
  name: z.string(),
  licenseNumber: z.string(),
  /** Milliseconds since the epoch of the last EA heartbeat, or null when never seen. */
  lastConnected: z.number().nullable(),
  ...subscriptionFields.shape,
});

export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = z.object({ message: z.string(), user: currentUser });

/**
 * `GET /api/auth/session`: who is signed in, `user: null` for a visitor. Public pages ask this
 * rather than `getme`, whose 401 for every signed-out visitor shows up as an error in the
 * browser's console.
 */
export const sessionResponse = z.object({ user: currentUser.nullable() });

export const oauthProviders = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

/** `GET /api/auth/providers`: the social sign-ins this server has keys for, so pages offer only those. */
export const providersResponse = z.object({ providers: z.array(z.enum(oauthProviders)) });
export const messageResponse = z.object({ message: z.string() });

/** Login error codes the server puts in `/login?error=` (spec section 8). */
export const loginErrorCodes = [
  'google_auth_failed',
  'google_not_configured',
  'facebook_auth_failed',
  'facebook_not_configured',
  'auth_callback_failed',
] as const;
export type LoginErrorCode = (typeof loginErrorCodes)[number];

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Session cookies are Secure except when the site is plain http on this machine (development,
 * tests, the bench); a Secure one takes the `__Host-` prefix, which pins it to this host.
 */
export function sessionCookieFor(publicUrl: string): { secure: boolean; name: string } {
  const url = new URL(publicUrl);
  const secure = url.protocol === 'https:' || !loopbackHosts.has(url.hostname);
  return { secure, name: secure ? '__Host-sid' : 'sid' };
}
