import type { Database } from '../db/db.ts';
import type { Plan } from '../db/schema/users.ts';
import type { Bus } from '../ports/bus.ts';
import { hashLicense } from './licenses.ts';
import { effectivePlan, type SubscriptionState } from './plans.ts';
import { createRefreshingCache } from './refreshing-cache.ts';
import { userChangedChannel } from './user-events.ts';

export type LicenseOwner = { userId: string; plan: Plan; verified: boolean };

type OwnerRow = SubscriptionState & { userId: string; verified: boolean };

/**
 * Why a license of an account whose e-mail address is not verified yet is refused, for the
 * webhook's 403 and the EAs' refusal. Until somebody proves to own the address, the account
 * may be an attacker's who signed up with it (account pre-hijacking): its license trades nothing.
 */
export const unverifiedLicenseMessage =
  'Verify your e-mail first: open the link we sent when you signed up (the dashboard sends a new one), then this license works.';

const hitTtlMs = 60_000;
/** Unknown licenses are remembered briefly so a flood of bad ones cannot hammer the database. */
const missTtlMs = 5_000;
const maxEntries = 100_000;

/**
 * A license's owner, as a named statement (parsed and planned once per connection): after a
 * restart every EA's hello and every license's first alert reads it.
 */
const ownerSql = `
  select id, verified, product_type, subscription_status, subscription_expiration
  from users where license_hash = $1 limit 1`;

/**
 * License → owner lookups for the webhook and the EA gateway, served from memory. Entries are
 * dropped across all instances through the bus when a user's license or plan changes. `plan` is
 * the plan in force (core/plans.ts `effectivePlan`): a lapsed subscription gets the free limits.
 */
export function createLicenseDirectory({
  database,
  bus,
  now,
  billing = false,
}: {
  database: Pick<Database, 'prepared'>;
  bus: Bus;
  now: () => number;
  /** Whether Stripe billing is configured (core/plans.ts `billingConfigured`); off by default. */
  billing?: boolean;
}) {
  const hashByUser = new Map<string, string>();

  /** The owner's row as read; its plan is worked out at each lookup (see `lookup`). */
  async function load(hash: string): Promise<OwnerRow | null> {
    const [row] = await database.prepared('license_owner', ownerSql, [hash]);
    if (!row) return null;
    const userId = row.id as string;
    hashByUser.set(userId, hash);
    return {
      userId,
      verified: row.verified as boolean,
      productType: row.product_type as Plan,
      subscriptionStatus: row.subscription_status as string | null,
      subscriptionExpiration: row.subscription_expiration as Date | null,
    };
  }

  // An unknown license is read again once its short time is up: it may have just been made.
  const byHash = createRefreshingCache({
    load,
    ttlMs: (owner) => (owner ? hitTtlMs : missTtlMs),
    servedStale: (owner) => owner !== null,
    maxEntries,
    now,
  });

  const changeListeners = new Set<(userId: string) => void>();

  function forgetUser(userId: string) {
    const hash = hashByUser.get(userId);
    if (hash) byHash.delete(hash);
    hashByUser.delete(userId);
  }

  return {
    /**
     * The plan is worked out from the subscription at each lookup, so a subscription that runs
     * out (its paid-through date passing) holds at once, even on an entry served while due.
     */
    async lookup(licenseNumber: string): Promise<LicenseOwner | null> {
      const row = await byHash.get(hashLicense(licenseNumber));
      if (!row) return null;
      return {
        userId: row.userId,
        verified: row.verified,
        plan: effectivePlan(row, { billing, now: now() }),
      };
    },
    forgetUser,
    /**
     * Runs `listener` after a user's entry is dropped (the relay re-checks the licenses of
     * that user's open EA connections, so a regenerated license stops working at once).
     */
    onChange(listener: (userId: string) => void) {
      changeListeners.add(listener);
    },
    /** Subscribes to invalidations; returns the unsubscribe function. */
    listen(): Promise<() => Promise<void>> {
      return bus.subscribe(userChangedChannel, (userId) => {
        forgetUser(userId);
        for (const listener of changeListeners) listener(userId);
      });
    },
  };
}

export type LicenseDirectory = ReturnType<typeof createLicenseDirectory>;
