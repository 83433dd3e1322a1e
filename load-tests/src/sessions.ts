import { createHash, randomBytes } from 'node:crypto';
import { sessionCookieFor } from '@signalrelay/contracts/auth';
import type { BenchDatabase } from './bench-services.ts';

/** A new session's idle deadline, as the server sets it (7 days; longer than any run). */
const sessionMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Signed-in dashboards without a password round each: session rows written with SQL as the
 * login route stores them (the SHA-256 of a random id; the cookie carries the id), so the
 * bench's sockets carry real session cookies (argon2 and the login rate limit would otherwise
 * make 100 sign-ins the slow part).
 */
export async function sessionCookies(
  db: BenchDatabase,
  userIds: string[],
  publicUrl: string,
): Promise<string[]> {
  const { name } = sessionCookieFor(publicUrl);
  const ids = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.pool.query(
    `insert into sessions (id_hash, user_id, created_at, expires_at, user_agent)
    select s.id_hash, s.user_id, now(), now() + $3 * interval '1 millisecond', 'signalrelay-bench'
    from unnest($1::text[], $2::uuid[]) as s(id_hash, user_id)`,
    [ids.map((id) => createHash('sha256').update(id).digest('hex')), userIds, sessionMs],
  );
  return ids.map((id) => `${name}=${id}`);
}
