import { and, eq, getTableColumns, gt, lt, ne } from 'drizzle-orm';
import { randomToken, sha256 } from '../core/tokens.ts';
import type { Db } from '../db/db.ts';
import { sessions, users } from '../db/schema/users.ts';

const day = 24 * 60 * 60 * 1000;
/** A session unused for this long ends (ASVS 7.3.1). */
export const sessionIdleMs = 7 * day;
/** No session lives longer than this, used or not (ASVS 7.3.2). */
export const sessionAbsoluteMs = 30 * day;
/** Sliding the idle deadline costs a write; do it at most once a day per session. */
const touchEveryMs = day;

const { passwordHash: _secret, ...userColumns } = getTableColumns(users);

/** The signed-in user as handlers see it: the users row without the password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Server-side sessions: the cookie holds 256 random bits, the table holds their SHA-256, so
 * logout and password reset end a session for good and a database leak yields no cookies.
 */
export function createSessionStore({ db, now }: { db: Db; now: () => number }) {
  return {
    /** A new session (a new id on every sign-in, against session fixation). */
    async create(userId: string, userAgent: string | undefined): Promise<{ id: string }> {
      const id = randomToken();
      const at = now();
      // Expired rows of this user are dropped here rather than by a sweeper job.
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(at))));
      await db.insert(sessions).values({
        idHash: sha256(id),
        userId,
        createdAt: new Date(at),
        expiresAt: new Date(at + sessionIdleMs),
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { id };
    },

    /** The user of a live session, or null; slides the idle deadline now and then. */
    async find(id: string): Promise<SessionUser | null> {
      const at = now();
      const idHash = sha256(id);
      const rows = await db
        .select({ user: userColumns, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(at))))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      if (row.expiresAt.getTime() - at < sessionIdleMs - touchEveryMs) {
        const expiresAt = Math.min(at + sessionIdleMs, row.createdAt.getTime() + sessionAbsoluteMs);
        await db
          .update(sessions)
          .set({ expiresAt: new Date(expiresAt) })
          .where(eq(sessions.idHash, idHash));
      }
      return row.user;
    },

    async revoke(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, sha256(id)));
    },

    /**
     * Ends every session of a user (password reset, a proof of owning the address), except
     * `keepId` when given (the browser that brought the proof); joins the caller's transaction.
     */
    async revokeAll(userId: string, tx: Tx | Db = db, keepId?: string): Promise<void> {
      const others = keepId ? ne(sessions.idHash, sha256(keepId)) : undefined;
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), others));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
