import { describe, expect, it } from 'vitest';
import { mailTo } from '../../../test/auth.ts';
import { pastDueGraceMs } from './billing-sync.ts';
import {
  checkout,
  clock,
  day,
  deliverAll,
  fake,
  me,
  signedIn,
  smtp,
  t,
  useStripeWebhookApp,
} from './billing-webhook-test-setup.ts';

useStripeWebhookApp();

function alert(licenseNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.01 },
  });
}

describe('Stripe webhook', () => {
  it('starts the trial on Checkout and applies the plan to the quota at once', async () => {
    const { user, client } = await signedIn('free');
    // The license cache now holds the free plan.
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);

    const { subscription, events } = await checkout(client, 'basic');
    await deliverAll(events);

    const current = await me(client);
    expect(current).toMatchObject({
      productType: 'basic',
      subscriptionStatus: 'trialing',
      isTrialing: true,
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
    });
    const trialEnd = new Date(subscription.trial_end! * 1000).toISOString();
    expect(current.trialEndDate).toBe(trialEnd);
    expect(current.subscriptionExpiration).toBe(trialEnd);
    expect(Date.parse(trialEnd) - clock.now).toBeGreaterThan(13.9 * day);

    // The announcement travels through Redis pub/sub, so allow it its round trip; without it
    // the cached free plan would last a minute.
    await expect.poll(async () => (await alert(user.licenseNumber)).statusCode).toBe(200);
    expect((await client.get('/api/auth/dashboard-access')).statusCode).toBe(200);
  });

  it('keeps the plan through a short grace after a failed renewal, then blocks signals', async () => {
    const { user, client, resume } = await signedIn();
    const { subscription, events } = await checkout(client, 'pro');
    await deliverAll(events);
    clock.now += 14 * day + 60_000;
    const renewedAt = clock.now;
    await deliverAll(fake.failPayment(subscription.id));
    await resume();

    const current = await me(client);
    expect(current.subscriptionStatus).toBe('past_due');
    expect(current.subscriptionExpiration).toBe(
      new Date(Math.floor(renewedAt / 1000) * 1000 + pastDueGraceMs).toISOString(),
    );
    expect((await client.get('/api/auth/dashboard-access')).statusCode).toBe(200);
    expect((await alert(user.licenseNumber)).statusCode).toBe(200);

    const mail = await mailTo(smtp, user.email, 'payment failed');
    expect(mail.text).toContain("Unfortunately, we couldn't process your payment at this time.");
    expect(mail.text).toContain(`${t.deps.config.publicUrl}/billing-portal`);

    // Past the grace, and past the minute the license cache may keep the owner.
    clock.now += pastDueGraceMs + 61_000;
    const access = await client.get('/api/auth/dashboard-access');
    expect(access.statusCode).toBe(403);
    expect(access.json().error).toBe('Subscription expired');
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);
  });

  it('mails the trial reminder, unless the trial was cancelled', async () => {
    const first = await signedIn();
    const started = await checkout(first.client, 'basic');
    await deliverAll([...started.events, fake.trialWillEnd(started.subscription.id)]);
    const mail = await mailTo(smtp, first.user.email, 'free trial ends');
    expect(mail.text).toContain('basic plan then continues as a monthly subscription');

    const second = await signedIn();
    const other = await checkout(second.client, 'pro');
    await deliverAll(other.events);
    await deliverAll([
      fake.cancelAtPeriodEnd(other.subscription.id),
      fake.trialWillEnd(other.subscription.id),
    ]);
    // A later mail to the first user proves the job queue ran past the second user's job.
    await deliverAll([fake.trialWillEnd(started.subscription.id)]);
    await mailTo(smtp, first.user.email, 'free trial ends', 1);
    expect(smtp.messages.some((m) => m.envelope.to.includes(second.user.email))).toBe(false);
  });

  it('marks an ended subscription cancelled and expired', async () => {
    const { user, client } = await signedIn();
    const { subscription, events } = await checkout(client, 'basic');
    await deliverAll(events);
    await deliverAll([fake.endSubscription(subscription.id)]);

    const current = await me(client);
    expect(current).toMatchObject({
      productType: 'basic',
      subscriptionStatus: 'cancelled',
      isTrialing: false,
      subscriptionCancelAtPeriodEnd: false,
    });
    clock.now += 1000;
    const access = await client.get('/api/auth/dashboard-access');
    expect(access.statusCode).toBe(403);
    expect(access.json().error).toBe('Subscription expired');
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);
  });
});
