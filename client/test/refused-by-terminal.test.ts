import { describe, expect, it } from 'vitest';
import { browserSuite, overflowsSideways, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';
import { openNewestRow } from './signal-history-tab.ts';

/**
 * "Why was no trade placed?" for a signal its terminal refused: in headless Chromium against
 * the real server, the reference EA refuses a symbol its broker does not list, and Signal
 * History shows the terminal's reason once (in Error Details; the journey line names the
 * refusal and its code), on a desktop and on a phone.
 */
const suite = browserSuite();

describe('a signal its terminal refused', { timeout: 60_000 }, () => {
  for (const [name, viewport] of widths) {
    it(`says why once (${name} px)`, async () => {
      const user = await suite.user('pro');
      await suite.withReferenceEa(user, async (ea) => {
        await expect.poll(() => ea.state).toBe('connected');
        const res = await suite.alert(user, { symbol: 'NOSUCH', position: 'buy', lot: 0.1 });
        expect(res.status).toBe(200);

        await suite.onPage({ user, viewport }, async ({ page }) => {
          await openNewestRow(page, name, ['ERROR', 'NOSUCH']);
          await page.getByText('Error Details', { exact: true }).waitFor();
          await page.getByText(/^Unknown symbol "NOSUCH"/).waitFor();
          await page.getByText('Refused by the broker (retcode 4301).', { exact: true }).waitFor();
          expect(await page.getByText(/Unknown symbol "NOSUCH"/).count()).toBe(1);
          expect(await overflowsSideways(page)).toBe(false);
          await screenshot(page, `refused-by-terminal-${name}`);
        });
      });
    });
  }
});
