import { beforeAll, describe, expect, it } from 'vitest';
import { reportedOrder } from '../../server/test/orders.ts';
import { browserSuite } from './browser-suite.ts';
import { card, showing } from './history-tabs.ts';
import {
  confirmation,
  deleteAll,
  deleteOrder,
  desktopHistory,
  mt4Rows,
  orderReporter,
  tickets,
} from './order-history-tab.ts';
import { screenshot } from './shots.ts';
import type { SignedInUser } from './signed-in.ts';

/**
 * Deleting from the Order History tab on a desktop, in headless Chromium against the real server:
 * one order, then all of them, while the tracker keeps reporting through
 * `POST /api/orders/report` as it does in production (the history is `desktopHistory`).
 */
const suite = browserSuite();
const report = orderReporter(suite);

describe('Order History on a desktop', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    ({ user } = await desktopHistory(suite));
  });

  it('deletes one order and then all of them after confirmation, and follows live reports', async () => {
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#order-history');
      await showing(page, 'of 24 orders');
      expect(await page.getByRole('columnheader', { name: 'Action' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Show Delete' }).click();
      await page.getByRole('columnheader', { name: 'Action' }).waitFor();
      await page.getByRole('button', { name: 'Delete order #1005' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(confirmation('order #1005')).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.locator('tr[data-order-ticket="1005"]').count()).toBe(1);

      await deleteOrder(page, 1005);
      await showing(page, 'of 23 orders');
      expect(await page.locator('tr[data-order-ticket="1005"]').count()).toBe(0);
      await screenshot(page, 'order-history-desktop');

      await deleteAll(page);
      await page
        .getByText('Install and run the OrderTracker EA to start tracking your trading activity')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Delete All' }).isDisabled()).toBe(true);
      await expect.poll(() => card(page, 'Total Trades')).toBe('0');

      // The tracker keeps reporting: deleted tickets stay deleted, a new one shows up by itself.
      await report(user, [...mt4Rows(Date.now()), reportedOrder(3001)], {
        platform: 'mt4',
        account: '777',
      });
      await showing(page, 'Showing 1 to 1 of 1 orders');
      expect(await tickets(page)).toEqual(['3001']);
      expect(await page.getByRole('button', { name: 'Delete All' }).isDisabled()).toBe(false);
    });
  });
});
