import { beforeAll, describe, expect, it } from 'vitest';
import { reportedOrder } from '../../server/test/orders.ts';
import { mobileViewport } from './browser.ts';
import { browserSuite, choose } from './browser-suite.ts';
import { showing } from './history-tabs.ts';
import {
  day,
  deleteAll,
  deleteOrder,
  expectFacts,
  hour,
  mt4Rows,
  orderReporter,
} from './order-history-tab.ts';
import { screenshot } from './shots.ts';
import type { SignedInUser } from './signed-in.ts';

/**
 * The Order History tab on a 375 px phone, for a free plan, in headless Chromium against the real
 * server; the orders arrive the way they do in production, through `POST /api/orders/report`.
 */
const suite = browserSuite();
const report = orderReporter(suite);

describe('Order History on a 375 px phone', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    user = await suite.user('free');
    const now = Date.now();
    const rows = mt4Rows(now).slice(0, 12);
    // Past the free plan's 30 days: the closed one is not kept, the open one is.
    rows.push(reportedOrder(4001, { openTime: now - 40 * day, closeTime: now - 40 * day + hour }));
    rows.push(reportedOrder(4002, { openTime: now - 40 * day, status: 'open', closeTime: 0 }));
    await report(user, rows, { platform: 'mt4', account: '777' });
  });

  it('shows the plan note, cards, one expanded card at a time, filters and deletion', async () => {
    await suite.onPage({ user, viewport: mobileViewport }, async ({ page }) => {
      await page.goto('/dashboard#order-history');
      await page.getByText('FREE Plan: Order history limited to 30 days').waitFor();
      await showing(page, 'of 13 orders');
      const list = page.getByRole('list', { name: 'Order history' });
      expect(await list.locator('li').count()).toBe(13);
      expect(await page.locator('table').count()).toBe(0);
      expect(
        await page.getByLabel('Period', { exact: true }).locator('option').allInnerTexts(),
      ).toEqual(['All (last 30 days)', 'Last 24 hours', 'Last 7 days', 'Last 30 days']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );

      await page.getByRole('button', { name: /^Order #1001, EURUSD/ }).click();
      // Both are the reported defaults: 0.10 lots bought at 1.08310.
      const cardFacts = (closePrice: string, duration: string) => [
        'Lots: 0.10',
        'Open Price: 1.08310',
        `Close Price: ${closePrice}`,
        `Duration: ${duration}`,
      ];
      await expectFacts(page, 'closed', cardFacts('1.08420', '1h 00m'));
      await page.getByRole('button', { name: /^Order #4002, EURUSD/ }).click();
      await expectFacts(page, 'open', cardFacts('-', 'Open'));
      expect(await page.locator('[data-order-details]').count()).toBe(1);
      await page.getByRole('button', { name: /^Order #4002, EURUSD/ }).click();
      await expect.poll(() => page.locator('[data-order-details]').count()).toBe(0);

      await choose(page, 'Status', 'Closed');
      await showing(page, 'of 12 orders');
      await choose(page, 'Status', 'All Status');
      await showing(page, 'of 13 orders');
      await screenshot(page, 'order-history-375');

      await page.getByRole('button', { name: 'Show Delete' }).click();
      await deleteOrder(page, 1003);
      await showing(page, 'of 12 orders');
      await deleteAll(page);
    });
  });
});
