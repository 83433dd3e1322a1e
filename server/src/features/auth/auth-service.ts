import { eq } from 'drizzle-orm';
import { oauthIdentities, users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { SessionStore, SessionUser } from '../../http/sessions.ts';
import { announceUserChanged } from '../account/account-events.ts';
import { newUserValues } from '../account/account-users.ts';
import { createEmailTokens } from './auth-email-tokens.ts';
import { queueAuthMail } from './auth-mail-jobs.ts';
import { hashPassword, verifyPassword } from './auth-passwords.ts';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'bus' | 'config' | 'now' | 'logger'> & {
  sessions: SessionStore;
};

export type SignupInput = { email: string; password: string; firstname: string; lastname: string };

/**
 * Sign-up, e-mail verification, password sign-in and password reset. Inputs arrive validated
 * (auth-schemas.ts); e-mail addresses lower-cased.
 */
export function createAuthService(deps: Deps) {
  const { jobs, bus, config, now, logger, sessions } = deps;
  const { db } = deps.database;
  const tokens = createEmailTokens({ db, now });

  /** Other instances cache license owners with their verification; tell them it changed. */
  function announce(userId: string) {
    return announceUserChanged(bus, userId).catch((err) =>
      logger.warn({ err }, 'could not announce the account change'),
    );
  }

  return {
    /**
     * Creates the account and queues its verification e-mail. An address that already has an
     * account gets an e-mail instead (a new verification link, or "you already have an
     * account"), and the caller the same answer, so sign-up does not reveal who is registered.
     */
    async signup(input: SignupInput): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const created = await db
        .insert(users)
        .values(newUserValues(config, { ...input, passwordHash, verified: false }))
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created[0]) {
        logger.info({ userId: created[0].id }, 'account created');
        await queueAuthMail(jobs, { kind: 'verify', userId: created[0].id });
        return;
      }
      const existing = await db
        .select({ id: users.id, verified: users.verified })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      const account = existing[0];
      if (!account) return;
      if (!account.verified) {
        // Nobody has proven to own this address yet: the newest sign-up's password is the one
        // the owner's verification will confirm, and whoever signed up before (perhaps not the
        // owner: account pre-hijacking) loses the password and sessions they had.
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ passwordHash, updatedAt: new Date(now()) })
            .where(eq(users.id, account.id));
          await sessions.revokeAll(account.id, tx);
        });
        logger.info(
          { userId: account.id },
          'unverified account signed up again: password replaced',
        );
      }
      await queueAuthMail(jobs, { kind: 'signup-again', userId: account.id });
    },

    /**
     * Marks the account verified; false when the link is unknown, used or expired. The link
     * proves who owns the address: sessions opened before it end (someone may have signed up
     * with the owner's address), except the session of the browser that opened the link.
     */
    async verifyEmail(token: string, browserSessionId?: string): Promise<boolean> {
      const userId = await db.transaction(async (tx) => {
        const id = await tokens.consume(token, 'verify', tx);
        if (id) {
          await tx
            .update(users)
            .set({ verified: true, updatedAt: new Date(now()) })
            .where(eq(users.id, id));
          await sessions.revokeAll(id, tx, browserSessionId);
        }
        return id;
      });
      if (!userId) return false;
      logger.info({ userId }, 'e-mail verified');
      await announce(userId);
      return true;
    },

    /**
     * Checks the password (spending the same time when the address is unknown) and opens a new
     * session. Unverified accounts may sign in: the dashboard shows them Verification Needed.
     */
    async login(
      email: string,
      password: string,
      userAgent: string | undefined,
    ): Promise<{ sessionId: string; user: SessionUser }> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const row = rows[0];
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok) {
        logger.info({ userId: row?.id ?? null }, 'sign-in failed');
        throw new AppError('INVALID_CREDENTIALS');
      }
      const { passwordHash: _hash, ...user } = row;
      const { id } = await sessions.create(user.id, userAgent);
      logger.info({ userId: user.id }, 'signed in');
      return { sessionId: id, user };
    },

    /** A new verification link (the older ones stop working, as after a second sign-up). */
    async resendVerification(userId: string): Promise<void> {
      await queueAuthMail(jobs, { kind: 'verify', userId });
    },

    /** Queues a verification e-mail for an address, if it has an account still unverified. */
    async requestVerification(email: string): Promise<void> {
      await queueAuthMail(jobs, { kind: 'verify', email });
    },

    /** Queues a reset e-mail; the job finds out whether the address has an account. */
    async forgotPassword(email: string): Promise<void> {
      await queueAuthMail(jobs, { kind: 'reset', email });
    },

    /**
     * Sets the new password, ends every session of the account (the old password may be what
     * leaked) and tells the owner. The link proves control of the mailbox, so an unverified
     * account becomes verified too.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id = await tokens.consume(token, 'reset', tx);
        if (!id) return null;
        const [before] = await tx
          .select({ verified: users.verified })
          .from(users)
          .where(eq(users.id, id));
        await tx
          .update(users)
          .set({ passwordHash, verified: true, updatedAt: new Date(now()) })
          .where(eq(users.id, id));
        await sessions.revokeAll(id, tx);
        // Sign-in identities linked before anyone proved to own the address are not the
        // owner's to keep.
        if (before && !before.verified)
          await tx.delete(oauthIdentities).where(eq(oauthIdentities.userId, id));
        return id;
      });
      if (!userId) {
        throw new AppError('BAD_REQUEST', 'This password reset link is invalid or has expired.', {
          field: 'token',
        });
      }
      logger.info({ userId }, 'password reset; all sessions ended');
      await queueAuthMail(jobs, { kind: 'password-changed', userId }).catch((err) =>
        logger.warn({ err }, 'could not queue the password-changed e-mail'),
      );
      await announce(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
