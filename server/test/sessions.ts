import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db.ts';
import { createSessionStore } from '../src/http/sessions.ts';

/**
 * A signed-in session for `userId` without going through the login form: the Cookie header
 * value a browser would send, for tests of features behind `requireUser`.
 */
export async function sessionCookie(app: FastifyInstance, db: Db, userId: string) {
  const { id } = await createSessionStore({ db, now: () => Date.now() }).create(userId, 'test');
  return `${app.auth.cookieName}=${id}`;
}
