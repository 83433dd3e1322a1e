import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, choose } from './browser-suite.ts';
import { card, pageButtons, showing } from './history-tabs.ts';
import { desktopHistory, expectFacts, tickets } from './order-history-tab.ts';
import type { SignedInUser } from './signed-in.ts';

/**
 * The Order History tab on a desktop, read and browsed in headless Chromium against the real
 * server: its figures and table, filters, sorting and pages, the URL that keeps them, a row's
 * details, and a history that fails to load. The orders arrive the way they do in production
 * (`desktopHistory`).
 */
const suite = browserSuite();

describe('Order History on a desktop', () => {
  let user: SignedInUser;
  let paperProfit: number;

  beforeAll(async () => {
    ({ user, paperProfit } = await desktopHistory(suite));
  });

  it('shows the figures and the orders, filters, sorts and pages them', async () => {
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#order-history');
      await page.getByRole('heading', { name: 'Order History' }).waitFor();
      await page.getByText('Order tracking for all platforms').waitFor();
      expect(await page.getByText(/Plan: Order history limited to/).count()).toBe(0);
      await showing(page, 'of 24 orders');

      // 16 + 3 + 1 MT4 trades and the paper terminal's two; pending orders are not trades.
      expect(await card(page, 'Total Trades')).toBe('22');
      expect(await card(page, 'Open Trades')).toBe('4');
      const wins = 8 + 1 + (paperProfit > 0 ? 1 : 0);
      expect(await card(page, 'Win Rate (%)')).toBe(`${((wins / 18) * 100).toFixed(1)}%`);
      const net = 8 * 10 - 8 * 5 + 48.25 + paperProfit;
      expect(await card(page, 'Net Profit ($)')).toBe(
        `${net > 0 ? '+' : '-'}${Math.abs(net).toFixed(2)}`,
      );
      await page.getByText('Equity curve (net)').waitFor();
      await page.getByRole('img', { name: /Equity curve over 18 closed trades/ }).waitFor();

      // Newest open time first: the paper terminal's positions, then 1001, 1002…
      const paperTickets = await page
        .locator('table tbody tr[data-order-ticket]')
        .evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute('data-order-ticket')));
      expect(paperTickets.sort()).toEqual(['50000001', '50000002']);
      expect((await tickets(page)).slice(2, 4)).toEqual(['1001', '1002']);
      // One page of 100: no page buttons.
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
      const first = page.locator('tr[data-order-ticket="1022"]');
      expect(await first.locator('td').allInnerTexts()).toEqual([
        '1022',
        'XAUUSD',
        'BUY',
        '0.50',
        '2,650.50000',
        '2,651.50000',
        '+50.00',
        'CLOSED',
        '',
      ]);
      expect(await page.locator('tr[data-order-ticket="1017"] td').nth(5).textContent()).toBe('-');
      expect(
        await page
          .locator('tr[data-order-ticket="1002"] td')
          .nth(6)
          .evaluate((td) => getComputedStyle(td.firstElementChild as Element).color),
      ).toBe('rgb(185, 28, 28)');

      await choose(page, 'Per page', '10');
      await showing(page, 'Showing 1 to 10 of 24 orders');
      expect(await pageButtons(page)).toEqual(['1', '2', '3']);
      await page.getByRole('button', { name: 'Page 3' }).click();
      await showing(page, 'Showing 21 to 24 of 24 orders');

      await choose(page, 'Status', 'Open');
      await showing(page, 'Showing 1 to 5 of 5 orders');
      await choose(page, 'Status', 'All Status');
      await choose(page, 'Platform', 'MT4');
      await showing(page, 'of 22 orders');
      await choose(page, 'Order Type', 'Buy Limit');
      await showing(page, 'Showing 1 to 1 of 1 orders');
      expect(await tickets(page)).toEqual(['1020']);
      await choose(page, 'Order Type', 'Sell Stop');
      await choose(page, 'Status', 'Open');
      await page.getByText('No orders match the selected filters.').waitFor();
      await choose(page, 'Status', 'All Status');
      await choose(page, 'Order Type', 'All Types');
      await choose(page, 'Platform', 'All Platforms');
      await choose(page, 'Period', 'Last 24 hours');
      await showing(page, 'Showing 1 to 10 of 13 orders');
      await choose(page, 'Period', 'All time');

      await choose(page, 'Sort by', 'Ticket');
      await expect.poll(async () => (await tickets(page))[0]).toBe('50000002');
      await page.getByRole('button', { name: 'Sorted descending: sort ascending' }).click();
      await expect
        .poll(async () => (await tickets(page)).slice(0, 3))
        .toEqual(['1001', '1002', '1003']);
      await choose(page, 'Sort by', 'Profit');
      await expect.poll(async () => (await tickets(page))[0]).toBe('1002');
      await page.getByRole('button', { name: 'Sorted ascending: sort descending' }).click();
      await expect.poll(async () => (await tickets(page))[0]).toBe('1022');
    });
  });

  it('keeps filters, sort and page in the URL: a filtered history is a link, back and forward walk it', async () => {
    await suite.onPage({ user }, async ({ page }) => {
      const search = { status: 'open', platform: 'mt4', sortBy: 'ticket', sortOrder: 'asc' };
      await page.goto(
        `/dashboard?orders=${encodeURIComponent(JSON.stringify(search))}#order-history`,
      );
      await showing(page, 'Showing 1 to 4 of 4 orders');
      expect(await tickets(page)).toEqual(['1017', '1018', '1019', '1020']);
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('open');
      expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('ticket');

      await choose(page, 'Order Type', 'Buy Limit');
      await showing(page, 'Showing 1 to 1 of 1 orders');
      const url = new URL(page.url());
      expect(url.hash).toBe('#order-history');
      expect(JSON.parse(url.searchParams.get('orders') ?? '')).toEqual({
        ...search,
        orderType: 'buylimit',
      });
      await page.goBack();
      await showing(page, 'Showing 1 to 4 of 4 orders');
      expect(await page.getByLabel('Order Type', { exact: true }).inputValue()).toBe('all');
      await page.goForward();
      await showing(page, 'Showing 1 to 1 of 1 orders');

      // A hand-edited value that is not a choice falls back to its default, the rest still holds.
      await page.goto(
        `/dashboard?orders=${encodeURIComponent('{"status":"nonsense","platform":"mt4"}')}#order-history`,
      );
      await showing(page, 'of 22 orders');
    });
  });

  it('expands one row at a time with the spec’s fields', async () => {
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#order-history');
      await showing(page, 'of 24 orders');

      const headers = () => page.locator('thead th').allTextContents();
      const allColumns = ['Ticket', 'Symbol', 'Type', 'Lots', 'Open Price', 'Close Price'];
      expect(await headers()).toEqual([...allColumns, 'Profit', 'Status', 'Details']);
      await page.locator('tr[data-order-ticket="1022"]').click();
      // Docked beside the table, the details take the columns they repeat: nothing is cut off.
      expect(await headers()).toEqual(['Ticket', 'Symbol', 'Type', 'Profit', 'Status', 'Details']);
      const frame = page.locator('table').locator('xpath=..');
      expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      await expectFacts(page, 'closed', [
        'Platform: MT4',
        'Stop Loss: 2,640.25000',
        'Take Profit: 2,670.00000',
        'Commission: -1.50',
        'Swap: -0.25',
        'Magic Number: 777',
        'Duration: 2h 05m',
        'Comment: grid #7',
      ]);
      // Another row closes the first; an open one has no duration, no stops and no comment.
      await page.getByRole('button', { name: 'Show details of order #1017' }).click();
      await expectFacts(page, 'open', [
        'Platform: MT4',
        'Stop Loss: None',
        'Take Profit: None',
        'Commission: -0.70',
        'Swap: 0.00',
        'Magic Number: 0',
      ]);
      expect(await page.locator('[data-order-details]').count()).toBe(1);
      await page.locator('tr[data-order-ticket="1017"]').click();
      await expect.poll(() => page.locator('[data-order-details]').count()).toBe(0);
      expect(await headers()).toEqual([...allColumns, 'Profit', 'Status', 'Details']);
    });
  });

  it('says so in red when the history cannot be loaded', async () => {
    await suite.onPage(
      { user, allowConsole: [/status of 500/, /ERR_FAILED/] },
      async ({ page }) => {
        await page.route('**/api/orders/history?*', (route) =>
          route.fulfill({ status: 500, json: { code: 'INTERNAL' } }),
        );
        await page.goto('/dashboard#order-history');
        await page.getByText('Failed to fetch order history').waitFor();
        await page.unroute('**/api/orders/history?*');
        await page.route('**/api/orders/history?*', (route) => route.abort('failed'));
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.getByText('Error fetching order history').waitFor();
      },
    );
  });
});
