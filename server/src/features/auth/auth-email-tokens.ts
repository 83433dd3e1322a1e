import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { randomToken, sha256 } from '../../core/tokens.ts';
import type { Db } from '../../db/db.ts';
import { emailTokens } from '../../db/schema/users.ts';

export type TokenPurpose = 'verify' | 'reset';

/** Verification links live a day, reset links an hour (OWASP Forgot Password cheat sheet). */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Single-use e-mail tokens: the link carries 256 random bits, the table their SHA-256, bound to
 * one user and one purpose.
 */
export function createEmailTokens({ db, now }: { db: Db; now: () => number }) {
  return {
    /** A new token; the user's older unused tokens of this purpose stop working. */
    async issue(userId: string, purpose: TokenPurpose): Promise<string> {
      const token = randomToken();
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .delete(emailTokens)
          .where(
            and(
              eq(emailTokens.userId, userId),
              or(
                and(eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
                lt(emailTokens.expiresAt, new Date(at)),
              ),
            ),
          );
        await tx.insert(emailTokens).values({
          tokenHash: sha256(token),
          userId,
          purpose,
          createdAt: new Date(at),
          expiresAt: new Date(at + tokenLifetimeMs[purpose]),
        });
      });
      return token;
    },

    /**
     * Marks the token used and returns its user, or null when it is unknown, of another
     * purpose, expired or already used. One conditional UPDATE, so two concurrent uses cannot
     * both succeed.
     */
    async consume(token: string, purpose: TokenPurpose, tx: Tx | Db = db): Promise<string | null> {
      const at = new Date(now());
      const rows = await tx
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailTokens.tokenHash, sha256(token)),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, at),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return rows[0]?.userId ?? null;
    },
  };
}

export type EmailTokens = ReturnType<typeof createEmailTokens>;
