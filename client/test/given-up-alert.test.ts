import { beforeAll, describe, expect, it } from 'vitest';
import { installSlowCommits, slowCommit } from '../../server/test/slow-commits.ts';
import { browserSuite, overflowsSideways, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';
import { openNewestRow } from './signal-history-tab.ts';

/**
 * "What happened to my alert?" for an alert the database did not confirm in time: in headless
 * Chromium against the real server, with its INSERT's commit slowed past the webhook's 2.5 s
 * (as a stalled disk slows it), the alert answered 503 shows in Signal History as failed,
 * with why, on a desktop and on a phone.
 */
const suite = browserSuite();
beforeAll(() => installSlowCommits(suite.server.testApp.deps.database.db));

describe('an alert answered 503 because its INSERT was late', { timeout: 60_000 }, () => {
  for (const [name, viewport] of widths) {
    it(`is listed as failed, with why (${name} px)`, async () => {
      const user = await suite.user('pro');
      const alertId = `late-commit-${name}`;
      await slowCommit(suite.server.testApp.deps.database.db, alertId, 3000);
      const res = await suite.alert(user, { symbol: 'XAUUSD', position: 'buy', lot: 0.1, alertId });
      expect(res.status).toBe(503);

      await suite.onPage({ user, viewport }, async ({ page }) => {
        await openNewestRow(page, name, ['FAILED', 'XAUUSD']);
        await page.getByText('Error Details', { exact: true }).waitFor();
        await page.getByText(/^The database did not confirm this alert in time/).waitFor();
        // Said once: the journey does not repeat the reason shown above it.
        await page.getByText('Not sent to your EA.', { exact: true }).waitFor();
        const hops = page.getByRole('list', { name: 'Hop timings' });
        await hops.getByText('Never', { exact: true }).waitFor();
        await hops.getByText('Not sent', { exact: true }).waitFor();
        expect(await hops.getByText('Expired').count()).toBe(0);
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `given-up-alert-${name}`);
      });
    });
  }
});
