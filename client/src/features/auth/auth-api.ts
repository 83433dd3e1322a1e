import type { CurrentUser, loginResponse, messageResponse } from '@signalrelay/contracts/auth';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';

/** The /api/auth calls of the account screens (spec section 7), typed by the server's schemas. */

type Message = z.infer<typeof messageResponse>;

export const authApi = {
  login: (email: string, password: string) =>
    api.post<z.infer<typeof loginResponse>>('/api/auth/login', { email, password }),
  signup: (body: { email: string; password: string; firstname: string; lastname: string }) =>
    api.post<Message>('/api/auth/signup', body),
  forgotPassword: (email: string) => api.post<Message>('/api/auth/forgot-password', { email }),
  requestVerification: (email: string) =>
    api.post<Message>('/api/auth/request-verification', { email }),
  resetPassword: (token: string, password: string) =>
    api.post<Message>('/api/auth/reset-password', { token, password }),
  dashboardAccess: () => api.get<CurrentUser & { access: true }>('/api/auth/dashboard-access'),
  resendVerification: () => api.post<Message>('/api/auth/resend-verification'),
};

/** Where the browser goes to sign in with a provider; the server carries `redirect` through. */
export function providerStartUrl(provider: 'google' | 'facebook', redirect?: string): string {
  return redirect
    ? `/api/auth/${provider}?${new URLSearchParams({ redirect })}`
    : `/api/auth/${provider}`;
}

/**
 * What a failed call shows: the server's own text when it gave one, else `refused` when it
 * answered and `unreachable` when no answer came.
 */
export function failureText(
  err: unknown,
  field: 'message' | 'error',
  refused: string,
  unreachable = refused,
): string {
  return err instanceof ApiError ? (serverText(err, field) ?? refused) : unreachable;
}

/**
 * The server's own text for a failed call, from the field the spec names for that call
 * (`message` for login and forgot, `error` for signup, reset and dashboard access). Undefined
 * when no answer arrived (a network failure) or it carried no such text.
 */
export function serverText(err: unknown, field: 'message' | 'error'): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const value = (err.body as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
