import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { reportedOrder } from '../../server/test/orders.ts';
import type { BrowserSuite } from './browser-suite.ts';
import { reportTerminal, tradeOnPaperTerminal } from './paper-trading.ts';
import type { SignedInUser } from './signed-in.ts';

/**
 * The Order History tests' data and steps: the MT4 rows a tracker reports, the desktop tests'
 * history, and how a test reads and drives the tab (its "Showing" line, rows, detail panel,
 * filters, deletion).
 */
export const hour = 3_600_000;
export const day = 24 * hour;

/**
 * 22 MT4 rows, tickets 1001…1022: 1001–1016 closed trades alternating +10 and −5, 1017–1019
 * open buys, 1020 a waiting buy limit, 1021 a cancelled sell stop, and 1022 a closed buy
 * three days old with stops, commission, swap, magic number and comment. Row i opened
 * (i + 1) × 2 h + 30 min ago.
 */
export function mt4Rows(now: number) {
  return Array.from({ length: 22 }, (_, i) => {
    const ticket = 1001 + i;
    const openTime = ticket === 1022 ? now - 3 * day : now - (i + 1) * 2 * hour - hour / 2;
    const closed = { status: 'closed', closeTime: openTime + hour, closePrice: 1.0842 };
    const open = { status: 'open', closeTime: 0, closePrice: 0 };
    if (ticket <= 1016) {
      return reportedOrder(ticket, {
        ...closed,
        openTime,
        orderType: i % 2 ? 'sell' : 'buy',
        symbol: i % 2 ? 'GBPUSD' : 'EURUSD',
        profit: i % 2 ? -5 : 10,
        commission: 0,
      });
    }
    if (ticket <= 1019) return reportedOrder(ticket, { ...open, openTime, profit: 2 });
    if (ticket === 1020) {
      return reportedOrder(ticket, { ...open, openTime, orderType: 'buylimit', profit: 0 });
    }
    if (ticket === 1021) {
      return reportedOrder(ticket, { ...closed, openTime, orderType: 'sellstop', profit: 0 });
    }
    return reportedOrder(ticket, {
      status: 'closed',
      openTime,
      closeTime: openTime + 2 * hour + 5 * 60_000,
      symbol: 'XAUUSD',
      lots: 0.5,
      openPrice: 2650.5,
      closePrice: 2651.5,
      stopLoss: 2640.25,
      takeProfit: 2670,
      profit: 50,
      commission: -1.5,
      swap: -0.25,
      magicNumber: 777,
      comment: 'grid #7',
    });
  });
}

/** Reports `orders` for one of the user's terminals, as its OrderTracker would. */
export const orderReporter =
  (suite: BrowserSuite) =>
  (user: SignedInUser, orders: unknown[], terminal: { platform: 'mt4' | 'mt5'; account: string }) =>
    reportTerminal(suite.server, user.licenseNumber, orders, terminal);

/**
 * The desktop tests' history, arrived the way it does in production (`POST
 * /api/orders/report`): a pro user whose reference EA traded real alerts through the webhook on a
 * paper terminal (a EURUSD buy, since closed, and a GBPUSD sell) and whose MT4 account 777
 * reported `mt4Rows`, 24 orders in all. Returns the user and the closed paper trade's profit.
 */
export async function desktopHistory(suite: BrowserSuite) {
  const user = await suite.user('pro');
  const terminal = createPaperTerminal({ seed: 11 });
  const { ea, results } = await tradeOnPaperTerminal(suite.server, user.licenseNumber, terminal, [
    { symbol: 'EURUSD', position: 'buy', lot: 0.1 },
    { symbol: 'GBPUSD', position: 'sell', lot: 0.2 },
    { symbol: 'EURUSD', position: 'closebuy' },
  ]);
  await ea.stop();
  expect(results).toEqual(['success', 'success', 'success']);
  const paperProfit = terminal.closedPositions()[0]!.profit;
  await orderReporter(suite)(user, mt4Rows(Date.now()), { platform: 'mt4', account: '777' });
  return { user, paperProfit };
}

export const tickets = (page: Page) =>
  page
    .locator('table tbody tr[data-order-ticket]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-ticket')));
/** The facts of the open detail panel, as "label: value" lines. */
const facts = (page: Page) =>
  page
    .locator('[data-order-details] dl > div')
    .evaluateAll((boxes) =>
      boxes.map(
        (box) => `${box.querySelector('dt')?.textContent}: ${box.querySelector('dd')?.textContent}`,
      ),
    );

export const confirmation = (what: string) =>
  `Are you sure you want to delete ${what}? This action cannot be undone.`;

/** Deletes one order through its Delete button and the confirmation dialog. */
export async function deleteOrder(page: Page, ticket: number) {
  await page.getByRole('button', { name: `Delete order #${ticket}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(confirmation(`order #${ticket}`)).waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText(`Order #${ticket} deleted successfully`).waitFor();
}

/** Deletes the whole history through Delete All and the confirmation dialog. */
export async function deleteAll(page: Page) {
  await page.getByRole('button', { name: 'Delete All' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(confirmation('ALL order history')).waitFor();
  await dialog.getByRole('button', { name: 'Delete All' }).click();
  await page.getByText('Order history deleted successfully').waitFor();
  await page.getByText('No order history available').waitFor();
}

const dateTime = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}`;
/**
 * Waits until the open detail panel shows `lines`, then its open and close times (an open
 * order's close time is "-"; a closed one's is a time, or "-" where the report had none).
 */
export async function expectFacts(page: Page, state: 'open' | 'closed', lines: string[]) {
  const closeTime = state === 'open' ? '-' : `(${dateTime}|-)`;
  await expect
    .poll(() => facts(page))
    .toEqual([
      ...lines,
      expect.stringMatching(new RegExp(`^Open Time \\(.+\\): ${dateTime}$`)),
      expect.stringMatching(new RegExp(`^Close Time \\(.+\\): ${closeTime}$`)),
    ]);
}
