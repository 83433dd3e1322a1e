// The cookie plugin's type augmentation, which auth-guards.ts relies on (the server gets it
// from app.ts).
import type {} from '@fastify/cookie';
import type { Database } from '../../server/src/db/db.ts';
import { cookieSettings } from '../../server/src/features/auth/auth-guards.ts';
import { createSessionStore } from '../../server/src/features/auth/auth-sessions.ts';

/**
 * Signed-in dashboards without a password round each: sessions created with the server's own
 * session store, as its login route does, so the bench's sockets carry real session cookies
 * (argon2 and the login rate limit would otherwise make 100 sign-ins the slow part).
 */
export async function sessionCookies(
  database: Database,
  userIds: string[],
  publicUrl: string,
): Promise<string[]> {
  const store = createSessionStore({ db: database.db, now: Date.now });
  const { cookieName } = cookieSettings(publicUrl);
  const cookies: string[] = [];
  for (const userId of userIds) {
    const { id } = await store.create(userId, 'signalrelay-bench');
    cookies.push(`${cookieName}=${id}`);
  }
  return cookies;
}
