import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import type { Jobs } from '../../ports/jobs.ts';
import type { Mail } from '../../ports/mailer.ts';
import { compose, hello } from '../auth/auth-mails.ts';
import type { BillingNotice } from './billing-events.ts';

/**
 * E-mails about the subscription, sent as jobs after a Stripe event was applied. One job per
 * event id, so a redelivered event mails once; the job looks at the account when it runs and
 * stays quiet if the news is already stale (card fixed, trial cancelled).
 */
export const billingMailJob = 'billing-mail';

export type BillingMailJob = { kind: BillingNotice; userId: string };

export function queueBillingMail(jobs: Jobs, eventId: string, job: BillingMailJob) {
  return jobs.schedule(billingMailJob, job, { jobId: eventId });
}

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

type Account = Pick<
  typeof users.$inferSelect,
  | 'email'
  | 'firstname'
  | 'productType'
  | 'subscriptionStatus'
  | 'subscriptionExpiration'
  | 'trialEndDate'
  | 'subscriptionCancelAtPeriodEnd'
>;

export function paymentFailedMail(user: Account, site: string): Mail {
  const until = user.subscriptionExpiration;
  return compose(user.email, 'Your SignalRelay payment failed', hello(user.firstname), [
    {
      text: "Unfortunately, we couldn't process your payment at this time. Please check your payment details or try a different method.",
    },
    ...(until
      ? [{ text: `Your ${user.productType} plan stays active until ${longDate(until)}.` }]
      : []),
    { link: `${site}/billing-portal`, label: 'Update payment details' },
  ]);
}

export function trialEndingMail(user: Account, site: string): Mail {
  const end = user.trialEndDate;
  return compose(user.email, 'Your SignalRelay free trial ends soon', hello(user.firstname), [
    {
      text: `Your free trial ends${end ? ` on ${longDate(end)}` : ' soon'}. Your ${user.productType} plan then continues as a monthly subscription, charged to the payment method on file.`,
    },
    { text: 'To change your plan or cancel before you are charged, manage your subscription:' },
    { link: `${site}/billing-portal`, label: 'Manage subscription' },
  ]);
}

export function defineBillingMailJobs({
  jobs,
  database,
  mailer,
  config,
}: Pick<AppDeps, 'jobs' | 'database' | 'mailer' | 'config'>) {
  jobs.define<BillingMailJob>(billingMailJob, async ({ kind, userId }) => {
    const [user] = await database.db
      .select({
        email: users.email,
        firstname: users.firstname,
        productType: users.productType,
        subscriptionStatus: users.subscriptionStatus,
        subscriptionExpiration: users.subscriptionExpiration,
        trialEndDate: users.trialEndDate,
        subscriptionCancelAtPeriodEnd: users.subscriptionCancelAtPeriodEnd,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    if (kind === 'payment-failed' && user.subscriptionStatus === 'past_due') {
      await mailer.send(paymentFailedMail(user, config.publicUrl));
    }
    if (
      kind === 'trial-ending' &&
      user.subscriptionStatus === 'trialing' &&
      !user.subscriptionCancelAtPeriodEnd
    ) {
      await mailer.send(trialEndingMail(user, config.publicUrl));
    }
  });
}
