import { and, eq } from 'drizzle-orm';
import { oauthIdentities, sessions, users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import { announceUserChanged } from '../account/account-events.ts';
import { newUserValues } from '../account/account-users.ts';
import { queueAuthMail } from './auth-mail-jobs.ts';
import type { OAuthProfile, OAuthProvider } from './auth-oauth-providers.ts';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'bus' | 'config' | 'now' | 'logger'>;

/** Why a provider's answer cannot sign anyone in (the login page says the provider failed). */
export type OAuthRefusal = 'no-email' | 'address-taken';

/**
 * The account a Google/Facebook identity signs in to. Identities are keyed by (provider,
 * provider's user id), never by e-mail alone (ASVS 6.8.1):
 * - a known identity signs in to its account;
 * - a new identity joins the account with the same address only if the provider vouches for
 *   the address (Google's email_verified); otherwise someone who registered our user's
 *   address at the provider could take the account over. Joining an unverified account drops
 *   its password, sessions and other identities (OWASP account pre-hijacking);
 * - an identity with a new address creates an account: verified if the provider vouches for
 *   the address, else it gets our verification e-mail like a password sign-up.
 */
export function createOAuthAccounts({ database, jobs, bus, config, now, logger }: Deps) {
  const { db } = database;

  return {
    async resolve(
      provider: OAuthProvider,
      profile: OAuthProfile,
    ): Promise<{ userId: string } | { refused: OAuthRefusal }> {
      const known = await db
        .select({ userId: oauthIdentities.userId })
        .from(oauthIdentities)
        .where(
          and(
            eq(oauthIdentities.provider, provider),
            eq(oauthIdentities.providerUserId, profile.id),
          ),
        )
        .limit(1);
      if (known[0]) return known[0];

      const email = profile.email;
      if (!email) return { refused: 'no-email' };

      const existing = await db
        .select({ id: users.id, verified: users.verified })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      const account = existing[0];
      if (account) {
        if (!profile.emailVerified) return { refused: 'address-taken' };
        await db.transaction(async (tx) => {
          if (!account.verified) {
            // The provider's verified address is the first proof of who owns it. Whatever was
            // set up before that proof (a password, sessions, other sign-in identities) may be
            // an attacker's who signed up with the owner's address: none of it survives.
            await tx.delete(oauthIdentities).where(eq(oauthIdentities.userId, account.id));
            await tx.delete(sessions).where(eq(sessions.userId, account.id));
            await tx
              .update(users)
              .set({ verified: true, passwordHash: null, updatedAt: new Date(now()) })
              .where(eq(users.id, account.id));
          }
          await tx
            .insert(oauthIdentities)
            .values({ provider, providerUserId: profile.id, userId: account.id });
        });
        logger.info({ userId: account.id, provider }, 'sign-in identity linked');
        if (!account.verified) {
          await announceUserChanged(bus, account.id).catch((err) =>
            logger.warn({ err }, 'could not announce the account change'),
          );
        }
        return { userId: account.id };
      }

      const userId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values(
            newUserValues(config, {
              email,
              firstname: profile.firstname.slice(0, 100),
              lastname: profile.lastname.slice(0, 100),
              passwordHash: null,
              verified: profile.emailVerified,
            }),
          )
          .returning({ id: users.id });
        const id = created!.id;
        await tx
          .insert(oauthIdentities)
          .values({ provider, providerUserId: profile.id, userId: id });
        return id;
      });
      logger.info({ userId, provider }, 'account created through sign-in provider');
      if (!profile.emailVerified) await queueAuthMail(jobs, { kind: 'verify', userId });
      return { userId };
    },
  };
}
