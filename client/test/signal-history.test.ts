import { quotaDayAt } from '@signalrelay/contracts/quota-day';
import type { WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { quotaKey, signals } from '../../server/test/internals.ts';
import { browserSuite, choose } from './browser-suite.ts';
import { card, pageButtons, showing } from './history-tabs.ts';
import { storedSignals, symbols } from './signal-history-tab.ts';
import type { SignedInUser } from './signed-in.ts';

/**
 * Signal History in headless Chromium against the real server: 250 stored signals through the
 * filters, sort and pager; the expanded row's messages; the live EA indicator with the reference
 * EA; and the 10 s polling that takes over when the live channel is down.
 */
const suite = browserSuite();

describe('Signal History', { timeout: 60_000 }, () => {
  let user: SignedInUser;
  let now: number;

  beforeAll(async () => {
    user = await suite.user('pro');
    now = Date.now();
    await suite.server.testApp.deps.database.db.insert(signals).values(storedSignals(user.id, now));
  });

  it('shows the summary, then filters, sorts and pages 250 signals', async () => {
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#signal-history');
      await page.getByRole('heading', { name: 'Signal History' }).waitFor();
      await showing(page, 'of 250');

      await expect.poll(() => card(page, 'Total Signals')).toBe('250');
      // What the Successful filter lists: processed tests have their own filter (TEST).
      expect(await card(page, 'Successful')).toBe('50');
      expect(await card(page, 'Failed')).toBe('100'); // failed + error, never tests
      const dayStart = quotaDayAt(now).startsAt;
      const today = storedSignals(user.id, now).filter((s) => s.receivedAt.getTime() >= dayStart);
      expect(await card(page, 'Today')).toBe(String(today.length));
      expect(await page.getByText('0 / 500').count()).toBe(1);
      await page.getByText('500 remaining').waitFor();

      // Newest first, 20 a page, five page buttons with a gap.
      await showing(page, 'Showing 1 to 20 of 250 signals');
      expect((await symbols(page)).slice(0, 3)).toEqual(['SYM000', 'SYM001', 'SYM002']);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pageButtons(page)).toEqual(['1', '2', '3', '4', '13']);
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await showing(page, 'Showing 21 to 40');
      expect((await symbols(page))[0]).toBe('SYM020');
      await pager.getByRole('button', { name: 'Page 13' }).click();
      await showing(page, 'Showing 241 to 250');
      expect(await pager.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

      // Oldest first goes back to page 1.
      await choose(page, 'Sort by received', 'Oldest first');
      await showing(page, 'Showing 1 to 20 of 250');
      expect((await symbols(page)).slice(0, 2)).toEqual(['SYM249', 'SYM248']);
      await choose(page, 'Sort by received', 'Newest first');

      await choose(page, 'Per page', '100');
      await showing(page, 'Showing 1 to 100 of 250');
      expect(await symbols(page)).toHaveLength(100);
      expect(await pageButtons(page)).toEqual(['1', '2', '3']);

      // Filters, alone and together; counts from the stored set.
      await choose(page, 'Platform', 'MT4');
      await showing(page, 'of 84 signals');
      await choose(page, 'Status', 'Error');
      await showing(page, 'Showing 1 to 17 of 17');
      expect(await page.getByText('ERROR', { exact: true }).count()).toBe(17);
      await choose(page, 'Platform', 'All Platforms');
      await choose(page, 'Status', 'Test');
      await showing(page, 'of 50 signals');
      await choose(page, 'Period', 'Last 24 hours');
      // i = 4 is the only test signal within a day (i ≤ 5).
      await showing(page, 'Showing 1 to 1 of 1');
      expect(await symbols(page)).toEqual(['SYM004']);
      await choose(page, 'Status', 'Pending');
      await page.getByText('No signals match the selected filters.').waitFor();
    });
  });

  it('opens a row to show its details, timings and the spec’s messages', async () => {
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#signal-history');
      await showing(page, 'of 250');
      const row = (symbol: string) => page.locator('tr[data-signal-id]', { hasText: symbol });

      await row('SYM000').click(); // success
      const hops = page.getByRole('list', { name: 'Hop timings' });
      await hops.waitFor();
      // Each hop's latency after the one before, and the whole way's.
      expect(await hops.textContent()).toMatch(
        /Received[\s\S]*Start[\s\S]*\+12 ms[\s\S]*Executed[\s\S]*\+75 ms[\s\S]*87 ms after receipt/,
      );
      // One timestamp format everywhere, to the millisecond, in the zone the header names.
      expect(await hops.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}/);
      await page.getByRole('columnheader', { name: /^Received \(.+\)$/ }).waitFor();
      await page.getByText('1.08771', { exact: true }).waitFor(); // fill price, five decimals
      await page.getByText('150.00 pts').waitFor(); // stop loss, two decimals

      await row('SYM001').click(); // error: one row open at a time
      expect(await hops.count()).toBe(1);
      await page.getByText('Error Details').waitFor();
      await page.getByText('Not enough money (10019)', { exact: true }).waitFor();

      await row('SYM002').click();
      await page.getByText('Signal Not Transferred').waitFor();
      await row('SYM003').click();
      await page.getByText('Signal Blocked by Quota').waitFor();
      await page
        .getByText('Daily signal quota (500) exceeded. Signal was not transferred to terminal.')
        .waitFor();
      await row('SYM004').click();
      await page.getByText('Test Signal Processed').waitFor();
      await row('SYM004').click();
      expect(await hops.count()).toBe(0);

      // Choosing a tab starts it afresh on page 1.
      await page.getByRole('button', { name: 'Page 2' }).click();
      await showing(page, 'Showing 21 to 40');
      const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
      await sidebar.getByRole('link', { name: 'Signal Test' }).click();
      await page.getByRole('heading', { name: 'Signal Test' }).waitFor();
      await sidebar.getByRole('link', { name: 'Signal History' }).click();
      await showing(page, 'Showing 1 to 20 of 250');
    });
  });

  it('says so when there is no history, and when it cannot be fetched', async () => {
    const empty = await suite.user('free');
    await suite.onPage(
      { user: empty, allowConsole: [/status of 500 .*signalHistory/, /ERR_FAILED/] },
      async ({ page }) => {
        await page.goto('/dashboard#signal-history');
        await page.getByText('No signal history available.').waitFor();
        await page
          .getByText('Free plan does not support signal transfer. Upgrade to Basic or Pro plan.')
          .waitFor();

        await page.route('**/api/webhook/signalHistory?*', (route) =>
          route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'boom' } }),
        );
        await page.getByRole('button', { name: 'Refresh' }).click();
        await page.getByText('Failed to fetch signal history').waitFor();
        await page.unroute('**/api/webhook/signalHistory?*');
        await page.route('**/api/webhook/signalHistory?*', (route) => route.abort('failed'));
        await page.getByRole('button', { name: 'Try again' }).click();
        await page.getByText('Error fetching signal history').waitFor();
      },
    );
  });
});

describe('Signal History that cannot load', { timeout: 60_000 }, () => {
  it('shows the quota as failed with a retry, never an endless "Loading"', async () => {
    const user = await suite.user('basic');
    await suite.onPage(
      { user, allowConsole: [/status of 500 .*signalHistory/] },
      async ({ page }) => {
        await page.route('**/api/webhook/signalHistory?*', (route) =>
          route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'boom' } }),
        );
        await page.goto('/dashboard#signal-history');
        const quotaBox = page
          .getByRole('alert')
          .filter({ hasText: "Could not load today's quota." });
        await quotaBox.waitFor();
        expect(await page.getByText("Loading today's quota...").count()).toBe(0);
        await page.unroute('**/api/webhook/signalHistory?*');
        await quotaBox.getByRole('button', { name: 'Try again' }).click();
        await page.getByText('0 / 100').waitFor();
        await quotaBox.waitFor({ state: 'detached' });
      },
    );
  });
});

describe('Signal History live', { timeout: 60_000 }, () => {
  it('turns the EA indicator green when the reference EA connects and grey when it stops', async () => {
    const user = await suite.user('pro');
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#signal-history');
      await page.getByText('EA not connected').waitFor();

      await suite.withReferenceEa(user, async () => {
        await page.getByText('EA connected', { exact: true }).waitFor({ timeout: 5_000 });
        // A real alert appears without reloading, and the quota counts it.
        const sent = await suite.alert(user, { symbol: 'EURUSD', position: 'buy', lot: 0.01 });
        expect(sent.status).toBe(200);
        const row = page.locator(`tr[data-signal-id="${sent.body.signalId}"]`);
        await row.getByText('SUCCESS').waitFor({ timeout: 5_000 });
        await page.getByText('1 / 500').waitFor();
        await page.getByText('499 remaining').waitFor();
      });
      const stoppedAt = Date.now();
      await page.getByText('EA not connected').waitFor({ timeout: 6_000 });
      expect(Date.now() - stoppedAt).toBeLessThan(6_000);
    });
  });

  it('counts the quota live: amber at 10 or fewer remaining, red and blocked when used up', async () => {
    const user = await suite.user('basic');
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#signal-history');
      await page.getByText('100 remaining').waitFor();
      await page.getByText(/^Resets in \d+h \d{2}m \(midnight ET\)$/).waitFor();

      // 89 signals already today, counted where the webhook counts them.
      const day = quotaDayAt(Date.now());
      for (let i = 0; i < 89; i++) {
        await suite.server.testApp.deps.quota.increment(quotaKey(user.id, day.day), day.resetsAt);
      }
      const alert = { symbol: 'EURUSD', position: 'buy', lot: 1 };
      expect((await suite.alert(user, alert)).status).toBe(200);
      const remaining = page.getByText('10 remaining');
      await remaining.waitFor();
      expect(await remaining.getAttribute('class')).toContain('text-warn');

      for (let i = 0; i < 10; i++) {
        await suite.server.testApp.deps.quota.increment(quotaKey(user.id, day.day), day.resetsAt);
      }
      const blocked = await suite.alert(user, { ...alert, symbol: 'GBPUSD' });
      expect(blocked.status).toBe(429);
      const exceeded = page.getByText('Daily quota exceeded');
      await exceeded.waitFor();
      expect(await exceeded.getAttribute('class')).toContain('text-loss');
      await page.getByText('100 / 100').waitFor();
      const row = page.locator('tr[data-signal-id]', { hasText: 'GBPUSD' });
      await row.getByText('QUOTA BLOCKED').waitFor();
      await row.click();
      await page
        .getByText('Daily signal quota (100) exceeded. Signal was not transferred to terminal.')
        .waitFor();
    });
  });

  it('reconnects a dropped live channel and refetches what it missed', async () => {
    const user = await suite.user('pro');
    await suite.onPage({ user }, async ({ page, context }) => {
      const sockets: WebSocketRoute[] = [];
      await context.routeWebSocket('**/api/live', (ws) => {
        ws.connectToServer();
        sockets.push(ws);
      });
      await page.goto('/dashboard#signal-history');
      await page.getByText('No signal history available.').waitFor();
      await expect.poll(() => sockets.length).toBe(1);

      await sockets[0]?.close({ code: 1012, reason: 'restarting' });
      // Stored while the page has no channel: its live event cannot reach the page.
      const sent = await suite.alert(user, { symbol: 'AUDUSD', position: 'buy', lot: 0.1 });
      expect(sent.status).toBe(200);
      // Well before the 10 s poll: the reconnect (after 0.5-1 s) refetches.
      await page.locator(`tr[data-signal-id="${sent.body.signalId}"]`).waitFor({ timeout: 5_000 });
      expect(sockets.length).toBe(2);
    });
  });

  it('falls back to polling every 10 s while the live channel is down', async () => {
    const user = await suite.user('pro');
    await suite.onPage(
      { user, allowConsole: [/WebSocket connection to .*\/api\/live/] },
      async ({ page, context }) => {
        // Every attempt to open the live channel is refused.
        await context.routeWebSocket('**/api/live', (ws) => ws.close({ code: 1011 }));
        await page.goto('/dashboard#signal-history');
        await page.getByText('No signal history available.').waitFor();

        await suite.withReferenceEa(user, async () => {
          const sent = await suite.alert(user, { symbol: 'GBPUSD', position: 'sell', lot: 0.02 });
          expect(sent.status).toBe(200);
          // One poll period (10 s) and a margin: the row and the EA state come from polling.
          await page
            .locator(`tr[data-signal-id="${sent.body.signalId}"]`)
            .getByText('SUCCESS')
            .waitFor({ timeout: 12_000 });
          await page.getByText('EA connected', { exact: true }).waitFor({ timeout: 12_000 });
        });
      },
    );
  });
});
