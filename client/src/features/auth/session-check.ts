import type { CurrentUser, useSession } from '../../stores/session-store.ts';

/**
 * A session check that gives up after `ms` (the guard's 1000 ms, the login page's 300 ms): a
 * check still running then counts as "not signed in", as the spec says. It shares the store's
 * in-flight request, so several callers cost one call.
 */
export function checkSessionWithin(
  session: typeof useSession,
  ms: number,
): Promise<CurrentUser | null> {
  return Promise.race([
    session.getState().check({ timeoutMs: ms }),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}

/**
 * A post-login destination on this site: a path (with query and hash), never another origin.
 * `//host` and `/\host` are host names to a browser, so they fall back to the default.
 */
export function safeRedirect(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  const url = new URL(value, window.location.origin);
  return url.origin === window.location.origin
    ? `${url.pathname}${url.search}${url.hash}`
    : fallback;
}

/** `/login?redirect=<where the user was going>`, as the guard and the access check send it. */
export function loginHref(redirect?: string): string {
  return redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login';
}
