import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db.ts';
import { createSessionStore } from '../src/http/sessions.ts';
import { createTestUser, type TestUserOptions } from './users.ts';

/**
 * A signed-in session for `userId` without going through the login form: the Cookie header
 * value a browser would send, for tests of features behind `requireUser`.
 */
export async function sessionCookie(app: FastifyInstance, db: Db, userId: string) {
  const { id } = await createSessionStore({ db, now: () => Date.now() }).create(userId, 'test');
  return `${app.auth.cookieName}=${id}`;
}

/** A fresh user straight in the app's database (`createTestUser`), signed in: `cookie` added. */
export async function signedInTestUser(
  t: { app: FastifyInstance; deps: { database: { db: Db } } },
  options?: TestUserOptions,
) {
  const user = await createTestUser(t.deps.database.db, options);
  return { ...user, cookie: await sessionCookie(t.app, t.deps.database.db, user.id) };
}
