import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { postAlert, signalOutcome } from './lib/api.ts';
import { withProxiedRelay } from './lib/proxied-relay.ts';
import { reconnectTimeoutMs, scenarioFile } from './lib/scenario-file.ts';
import { eurusd, openTrades, trade } from './lib/trading.ts';
import { connected } from './lib/world.ts';

// Setup problems a trader meets first: the server's URL missing from the terminal's WebRequest
// allow-list, and a signal whose TTL ran out before it reached the terminal. The server keeps
// signals 2 s here so expiry is quick.
const file = scenarioFile(['mt5-hedging', 'mt4'], { signalTtlMs: 2000 });

// Every scenario here waits through a reconnect.
describe.each<AccountKind>(['mt5-hedging', 'mt4'])(
  '%s',
  { timeout: reconnectTimeoutMs },
  (kind) => {
    it('WebRequest URL not allowed: the journal says which URL to add where; once added, signals flow', async () => {
      const w = await file.world(kind, { terminal: { allowedUrls: [] } });
      const ea = await w.relay();
      const refused = await ea.waitForJournal(/is not in the terminal's allowed URLs/);
      expect(refused.text).toContain(
        `${w.server.url} is not in the terminal's allowed URLs. Open Tools > Options > Expert Advisors, tick 'Allow WebRequest for listed URL', add ${w.server.url} and press OK`,
      );
      w.terminal.setAllowedUrls([w.server.url]);
      await ea.waitForJournal(connected, { timeoutMs: 20_000 });
      expect((await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 })).row.status).toBe(
        'success',
      );
    });

    it('a signal that expired before it reached the terminal is never traded', async () => {
      const w = await file.world(kind);
      await withProxiedRelay(w, async (ea, proxy) => {
        await proxy.cut();
        const late = await postAlert(w.server, w.trader, eurusd('buy', { lot: 0.1 }));
        expect((await signalOutcome(w.server, w.trader, late)).status).toBe('failed');
        const before = ea.journal.length;
        await proxy.restore();
        await ea.waitForJournal(connected, { from: before, timeoutMs: 20_000 });
        const next = await trade(w, ea, { symbol: 'GBPUSD', position: 'buy', lot: 0.1 });
        expect(next.row.status).toBe('success');
        expect(ea.lines(new RegExp(`signal ${late}`))).toHaveLength(0);
        expect(openTrades(w.account).map((t) => t.symbol)).toEqual(['GBPUSD']);
      });
    });
  },
);
