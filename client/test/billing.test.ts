import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/server-process.ts';
import { deliver, stripeTestConfig, testWebhookSecret } from '../../server/test/stripe-events.ts';
import { type StripeFake, startStripeFake } from '../../server/test/stripe-fake.ts';
import { openPage } from './browser.ts';
import { browserSuite } from './browser-suite.ts';
import { type RunningServer, startServer } from './server.ts';

/** Chromium logs every non-2xx API answer; these are the ones the tests provoke on purpose. */
const expectedFailures = [
  /status of 403 \(Forbidden\) \(https?:\/\/[^/]+\/api\/auth\/dashboard-access\)$/,
  /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/stripe-subscriptions\/create-portal-session\)$/,
];

let fake: StripeFake;
let webhook: { url: string; secret: string };

afterAll(async () => {
  await fake?.close();
});
const suite = browserSuite(async () => {
  fake = await startStripeFake();
  // A port nobody listens on right now, so PUBLIC_URL (Stripe's return URLs) can name it.
  const port = await freePort();
  return { ...stripeTestConfig(fake), PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
});
beforeAll(() => {
  webhook = {
    url: `${suite.server.url}/api/stripe-subscriptions/webhook`,
    secret: testWebhookSecret,
  };
  // The fake Checkout page delivers its events here when the customer pays, as Stripe would.
  fake.deliverTo(webhook);
});

function planBox(page: Page) {
  return page.getByRole('region', { name: 'Subscription' });
}

async function deliverAll(events: Parameters<typeof deliver>[0][]) {
  for (const event of events) await deliver(event, webhook);
}

describe('plans and billing in the browser', () => {
  it('walks a free user through the trial, a cancellation and its reactivation', async () => {
    const user = await suite.user('free');
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#licenses');
      await planBox(page).getByRole('heading', { name: 'Free Plan' }).waitFor();
      await planBox(page).getByRole('link', { name: 'Upgrade to Basic or Pro' }).click();
      await page.waitForURL('**/payment');

      await page.goto('/payment?plan=basic');
      const basic = page.getByRole('region', { name: 'Basic plan' });
      await basic.getByText('Selected').waitFor();
      await basic.getByText('POPULAR').waitFor();
      expect(await basic.textContent()).toMatch(
        /\$20\s*\/month[\s\S]*2 weeks free trial[\s\S]*After the trial: \$19\.99 per month/,
      );
      const pro = page.getByRole('region', { name: 'Pro plan' });
      expect(await pro.textContent()).toMatch(/\$30\s*\/month[\s\S]*\$34\.99 per month/);

      await basic.getByRole('button', { name: 'Start free trial of Basic' }).click();
      await page.waitForURL(`${fake.url}/checkout/**`);
      await page.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
      expect(await page.textContent('body')).toContain('trial 14 days');
      await page.getByRole('button', { name: 'Subscribe' }).click();

      await page.waitForURL(`${suite.server.url}/dashboard#licenses`);
      const box = planBox(page);
      await box.getByRole('heading', { name: 'Free Trial Active' }).waitFor();
      await page.getByText('BASIC', { exact: true }).waitFor();
      await page.getByText('Free Trial', { exact: true }).waitFor();
      const sub = [...fake.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
      const trialEnd = new Date(sub.trial_end! * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      });
      expect(await page.getByTestId('expiry-date').textContent()).toBe(trialEnd);

      // The trial converts, as Stripe does at its end; Refresh picks the change up.
      await deliverAll(fake.endTrial(sub.id));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await box.getByRole('heading', { name: 'Auto-Renewal Active' }).waitFor();

      // Cancelled in the customer portal at period end.
      await deliverAll([fake.cancelAtPeriodEnd(sub.id)]);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await box.getByRole('heading', { name: 'Subscription Ending' }).waitFor();
      await page.getByText('Cancelling at period end', { exact: true }).waitFor();

      await box.getByRole('button', { name: 'Reactivate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reactivate subscription' });
      await dialog
        .getByText('Reactivate your subscription? Auto-renewal will resume immediately.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Reactivate' }).click();
      await page
        .getByText('Subscription reactivated successfully! Auto-renewal has been restored.')
        .waitFor();
      await box.getByRole('heading', { name: 'Auto-Renewal Active' }).waitFor();
      await page.getByText('Auto-renewal enabled', { exact: true }).waitFor();
      expect(fake.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(false);

      // Manage Subscription leaves for the customer portal.
      await box.getByRole('button', { name: 'Manage Subscription' }).click();
      await page.waitForURL(`${fake.url}/portal/**`);
    });
  });

  it('copies and regenerates the license number after asking', async () => {
    const user = await suite.user('free');
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#licenses');
      const number = page.getByTestId('license-number');
      await number.waitFor();
      expect(await number.textContent()).toBe(user.licenseNumber);
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('Copied!').waitFor();

      await page.getByRole('button', { name: 'Regenerate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Regenerate license number' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await number.textContent()).toBe(user.licenseNumber);

      await page.getByRole('button', { name: 'Regenerate' }).click();
      await dialog.getByRole('button', { name: 'Regenerate' }).click();
      await expect.poll(() => number.textContent()).not.toBe(user.licenseNumber);
    });
  });

  it('sends an expired subscription from the dashboard to /payment', async () => {
    const user = await suite.user('free');
    await suite.onPage({ user, allowConsole: expectedFailures }, async ({ page }) => {
      const response = await page.request.post(
        '/api/stripe-subscriptions/create-checkout-session',
        {
          data: { plan: 'pro' },
          headers: { origin: suite.server.url },
        },
      );
      const completed = fake.completeCheckout((await response.json()).url.split('/').pop());
      await deliverAll(completed.events);
      await deliverAll([fake.endSubscription(completed.subscription.id)]);

      await page.goto('/dashboard');
      await page.waitForURL('**/payment');
      await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
      // One trial per account: this one was used.
      await page.getByText('Your free trial has been used').first().waitFor();
    });
  });

  it('shows the payment-failed page with Try Again for the plan', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/payment-failed?plan=basic');
      await page
        .getByText(
          "Unfortunately, we couldn't process your payment at this time. Please check your payment details or try a different method.",
        )
        .waitFor();
      expect(
        await page.getByRole('link', { name: 'Contact Support', exact: true }).getAttribute('href'),
      ).toBe('/docs/contact-support');
      await page.getByRole('link', { name: 'Try Again' }).click();
      await page.waitForURL('**/payment?plan=basic');

      await page.goto('/payment-failed');
      expect(await page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe(
        '/payment?plan=pro',
      );
    });
  });

  it('asks a visitor to sign in before Checkout, and comes back to the plan', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/payment?plan=pro');
      await page.getByRole('button', { name: 'Start free trial of Pro' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/payment?plan=pro');
    });
  });

  it('redirects to the customer portal, or explains why it cannot', async () => {
    const user = await suite.user('free');
    await suite.onPage({ user, allowConsole: expectedFailures }, async ({ page }) => {
      await page.goto('/billing-portal');
      await page.getByRole('heading', { name: 'Error' }).waitFor();
      await page
        .getByText('No billing account yet: choose a plan on the payment page first.')
        .waitFor();
      await page.getByText('Please try again from your dashboard.').waitFor();

      const response = await page.request.post(
        '/api/stripe-subscriptions/create-checkout-session',
        {
          data: { plan: 'basic' },
          headers: { origin: suite.server.url },
        },
      );
      await deliverAll(fake.completeCheckout((await response.json()).url.split('/').pop()).events);
      await page.goto('/billing-portal');
      await page.waitForURL(`${fake.url}/portal/**`);
    });
  });
});

describe('payment page without billing', () => {
  let selfHosted: RunningServer;
  beforeAll(async () => {
    selfHosted = await startServer();
  });
  afterAll(() => selfHosted?.close());

  it('says billing is not configured and names the plan everyone has', async () => {
    const { page, errors, close } = await openPage(suite.browser, selfHosted.url);
    await page.goto('/payment?plan=basic');
    await page.getByRole('heading', { name: 'Billing is not configured' }).waitFor();
    expect(await page.textContent('main')).toContain('every account has the PRO plan');
    expect(await page.getByRole('button', { name: /free trial/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
