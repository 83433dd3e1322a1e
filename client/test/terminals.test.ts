import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { describe, expect, it } from 'vitest';
import { welcomedEaSocket } from '../../server/test/ea-socket.ts';
import { mobileViewport } from './browser.ts';
import { browserSuite, overflowsSideways, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';
import { startReferenceEa } from './signed-in.ts';

/**
 * "Your terminals" under the EA indicator (Signal History), in headless Chromium against the
 * real server: the reference EA trading an account, a second copy of it refused, and an MT4
 * terminal with an old EA reporting AutoTrading off over protocol v2, then fixed while the page
 * is open.
 */
const suite = browserSuite();

/** An MT4 terminal speaking protocol v2 by hand: hello, then health reports and heartbeats. */
async function mt4Terminal(licenseNumber: string) {
  const socket = await welcomedEaSocket(suite.server.url, licenseNumber, {
    v: 2,
    platform: 'mt4',
    account: '777001',
    broker: 'ICMarkets-Live07',
    instanceId: 'mt4-terminal-test',
    chart: 'XAUUSD,M15',
  });
  const beat = setInterval(() => socket.send({ type: 'ping', t: Date.now() }), 1000);
  return {
    health: (issues: object[]) => socket.send({ type: 'health', issues }),
    close() {
      clearInterval(beat);
      socket.close();
    },
  };
}

describe('your terminals', { timeout: 60_000 }, () => {
  for (const [name, viewport] of widths) {
    it(`lists each terminal with the refusals and health problems it reports (${name} px)`, async () => {
      const user = await suite.user('basic');
      const first = startReferenceEa(suite.server, user.licenseNumber);
      await expect.poll(() => first.state).toBe('connected');
      const refusals: string[] = [];
      // A second copy on the same account, retrying as a real EA would (the default back-off).
      const second = startReferenceEa(suite.server, user.licenseNumber, {
        terminal: createPaperTerminal({ seed: 8 }),
        chart: 'GBPUSD,M5',
        backoff: {},
        onProblem: (message) => refusals.push(message),
      });
      await expect.poll(() => refusals.length).toBeGreaterThan(0);
      const mt4 = await mt4Terminal(user.licenseNumber);
      mt4.health([
        {
          code: 'AUTOTRADING_OFF',
          message: 'AutoTrading is off: press the AutoTrading button in the terminal toolbar',
        },
      ]);

      try {
        await suite.onPage({ user, viewport }, async ({ page }) => {
          await page.goto('/dashboard#signal-history');
          await page.getByText('Account 5012345', { exact: true }).waitFor();
          await page.getByText('Account 777001', { exact: true }).waitFor();
          await page.getByText('A second EA for account 5012345 was refused').waitFor();
          await page
            .getByText(/the EA on GBPUSD,M5 was turned away because the one on reference EA/)
            .waitFor();
          await page.getByText('AutoTrading is off', { exact: true }).waitFor();
          // The MT4 terminal runs EA 1.0.0, older than the release on the Downloads tab.
          await page.getByText('EA 1.0.0 is out of date', { exact: true }).waitFor();
          expect(await page.getByRole('link', { name: 'How to fix this' }).count()).toBe(3);
          const warning = page.getByRole('listitem').filter({ hasText: /^AutoTrading is off/ });
          expect(
            await warning.getByRole('link', { name: 'How to fix this' }).getAttribute('href'),
          ).toBe('/docs/installation-troubleshooting#autotrading-off');
          expect(await overflowsSideways(page)).toBe(false);
          await screenshot(page, `terminals-${name}`);

          // Fixed in the terminal: the warning goes away without a reload.
          mt4.health([]);
          await page
            .getByText('AutoTrading is off', { exact: true })
            .waitFor({ state: 'detached' });
        });
      } finally {
        mt4.close();
        await Promise.all([first.stop(), second.stop()]);
      }
    });
  }

  it('says when alerts target a platform no EA is connected on, until one connects', async () => {
    const user = await suite.user('basic');
    const sent = await suite.alert(user, {
      symbol: 'XAUUSD',
      position: 'buy',
      lot: 0.1,
      platform: 'mt4',
    });
    expect(sent.status).toBe(200);
    await suite.onPage({ user, viewport: mobileViewport }, async ({ page }) => {
      await page.goto('/dashboard#signal-history');
      const warning = page.getByText(
        /target MT4, but no MT4 EA is connected: they expire untraded/,
      );
      await warning.waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, 'terminals-unserved-mobile');
      const mt4 = await mt4Terminal(user.licenseNumber);
      await warning.waitFor({ state: 'detached' });
      mt4.close();
    });
  });
});
