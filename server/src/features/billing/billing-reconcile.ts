import { and, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import { announceUserChanged } from '../account/account-events.ts';
import { openStripeBilling } from './billing-stripe.ts';
import { createSubscriptionSync, lockUser, type SubscriptionSync } from './billing-sync.ts';

export const reconcileJob = 'billing-reconcile';
const reconcileEveryMs = 60 * 60 * 1000;
const batchSize = 100;

type Deps = Pick<AppDeps, 'database' | 'bus' | 'now' | 'logger'> & { sync: SubscriptionSync };

/**
 * Repairs what lost webhooks leave behind (Stripe stops retrying after 3 days): every hour,
 * accounts whose paid-through date has passed while the subscription may still bill, and that
 * were not synced in the last hour, are read again from Stripe.
 */
export function createBillingReconcile({ database, bus, now, logger, sync }: Deps) {
  const { db } = database;
  return {
    /** Returns how many accounts were updated. */
    async run(): Promise<number> {
      const at = now();
      const due = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            isNotNull(users.stripeSubscriptionId),
            notInArray(users.subscriptionStatus, ['cancelled', 'incomplete_expired']),
            lt(users.subscriptionExpiration, new Date(at)),
            or(
              isNull(users.stripeSnapshotAt),
              lt(users.stripeSnapshotAt, new Date(at - reconcileEveryMs)),
            ),
          ),
        )
        .limit(batchSize);
      let updated = 0;
      for (const { id } of due) {
        const changed = await db.transaction(async (tx) => {
          const user = await lockUser(tx, { userId: id });
          if (!user?.stripeSubscriptionId) return false;
          return sync.refresh(tx, user, user.stripeSubscriptionId);
        });
        if (!changed) continue;
        updated++;
        await announceUserChanged(bus, id).catch((err) =>
          logger.warn({ err, userId: id }, 'could not announce the plan change'),
        );
      }
      if (updated > 0) logger.info({ updated }, 'stripe: subscriptions reconciled');
      return updated;
    },
  };
}

/** For jobs.ts: the hourly job when billing is configured; call `start()` after `jobs.start()`. */
export function defineBillingReconcile(
  deps: Pick<AppDeps, 'config' | 'database' | 'bus' | 'jobs' | 'now' | 'logger'>,
) {
  const billing = openStripeBilling(deps.config);
  if (!billing) return { start: async () => {} };
  const sync = createSubscriptionSync({ billing, now: deps.now, logger: deps.logger });
  const reconcile = createBillingReconcile({ ...deps, sync });
  deps.jobs.define(reconcileJob, async () => {
    await reconcile.run();
  });
  return { start: () => deps.jobs.repeat(reconcileJob, reconcileEveryMs) };
}
