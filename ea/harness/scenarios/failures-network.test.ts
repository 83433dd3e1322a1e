import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { postAlert, signalOutcome } from './lib/api.ts';
import { withProxiedRelay } from './lib/proxied-relay.ts';
import { reconnectTimeoutMs, scenarioFile } from './lib/scenario-file.ts';
import { eurusd, openTrades } from './lib/trading.ts';
import { connected } from './lib/world.ts';

// The server restarts, or the network drops, while a signal is being executed: the result
// still reaches the server (resent after the reconnect) and the trade happens once.
const file = scenarioFile(['mt5-hedging', 'mt4']);

// Every scenario here waits through a reconnect.
describe.each<AccountKind>(['mt5-hedging', 'mt4'])(
  '%s',
  { timeout: reconnectTimeoutMs },
  (kind) => {
    it('the server restarts the moment the order fills', async () => {
      const { w, ea } = await file.relayWorld(kind);
      let restarted: Promise<void> | undefined;
      w.broker.onFill(() => {
        restarted ??= w.server.restart();
      });
      const id = await postAlert(w.server, w.trader, eurusd('buy', { lot: 0.1 }));
      await ea.waitForJournal(new RegExp(`signal ${id} success`));
      await restarted;
      const row = await signalOutcome(w.server, w.trader, id, 30_000);
      expect(row).toMatchObject({
        status: 'success',
        ticket: String(openTrades(w.account)[0]!.ticket),
      });
      expect(openTrades(w.account)).toHaveLength(1);
    });

    it('the network drops the moment the order fills, and comes back', async () => {
      const w = await file.world(kind);
      await withProxiedRelay(w, async (ea, proxy) => {
        w.broker.onFill(() => void proxy.cut());
        const id = await postAlert(w.server, w.trader, eurusd('buy', { lot: 0.1 }));
        await ea.waitForJournal(new RegExp(`signal ${id} success`));
        await proxy.restore();
        const row = await signalOutcome(w.server, w.trader, id, 30_000);
        expect(row).toMatchObject({
          status: 'success',
          ticket: String(openTrades(w.account)[0]!.ticket),
        });
        expect(openTrades(w.account)).toHaveLength(1);
        expect(ea.lines(connected).length).toBeGreaterThanOrEqual(kind === 'mt4' ? 1 : 2);
      });
    });
  },
);
