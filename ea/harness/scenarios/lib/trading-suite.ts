import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../../host/broker/account.ts';
import { scenarioFile } from './scenario-file.ts';
import type { ScenarioServer } from './server.ts';
import { commentOf, eurusd, manualTrade, openTrades, relayMagic, trade } from './trading.ts';

/**
 * The spec actions every account kind must execute the same way as a trader sees them: at the
 * broker, in the server's Signal History, and in the EA's journal. `serverUrl` points the relay
 * somewhere else than the server itself (e.g. a proxy that refuses WebSockets, so that MT5 uses
 * its long-poll fallback).
 */
export function tradingScenarios(
  kind: AccountKind,
  setup: { serverUrl?: (server: ScenarioServer) => string; transport?: string } = {},
) {
  const file = scenarioFile([kind]);
  const retcode = kind === 'mt4' ? 0 : 10009;

  const start = () => {
    const serverUrl = setup.serverUrl?.(file.server());
    return file.relayWorld(kind, serverUrl ? { serverUrl } : {});
  };

  describe(`${kind} over ${setup.transport ?? (kind === 'mt4' ? 'long-poll' : 'WebSocket')}: spec actions`, () => {
    it('buy with a lot and SL/TP in points: the position, the history row and the journal agree', async () => {
      const { w, ea } = await start();
      const { id, line, row } = await trade(
        w,
        ea,
        eurusd('buy', { lot: 0.1, slpoint: 200, tppoint: 400 }),
      );
      const [position] = openTrades(w.account);
      expect(position).toMatchObject({
        symbol: 'EURUSD',
        side: 'buy',
        volume: 0.1,
        priceOpen: 1.10002,
        sl: 1.09802,
        tp: 1.10402,
        magic: relayMagic,
        comment: commentOf(id),
      });
      expect(openTrades(w.account)).toHaveLength(1);
      expect(row).toMatchObject({
        status: 'success',
        ticket: String(position!.ticket),
        executedPrice: 1.10002,
        retcode,
      });
      expect(line.text).toMatch(new RegExp(`success: ticket ${position!.ticket} at 1\\.10002`));
      expect(
        ea.lines(new RegExp(`signal ${id} received: buy EURUSD lot 0\\.1 sl 200 tp 400`)),
      ).toHaveLength(1);
    });

    it('sell sized from riskPercentage: 1% of 10,000 at a 250-point stop is 0.4 lots', async () => {
      const { w, ea } = await start();
      const { row, line } = await trade(w, ea, eurusd('sell', { riskPercentage: 1, slpoint: 250 }));
      expect(openTrades(w.account)).toMatchObject([
        { side: 'sell', volume: 0.4, priceOpen: 1.1, sl: 1.1025, tp: 0 },
      ]);
      // The history shows the lot the EA computed, and says how it sized it, as the journal does.
      expect(row).toMatchObject({
        status: 'success',
        executedPrice: 1.1,
        executedVolume: 0.4,
        resultMessage: expect.stringMatching(/Lot 0\.4 from 1% risk/),
        retcode,
      });
      expect(line.text).toMatch(/success: .*Lot 0\.4 from 1% risk/);
    });

    it("closesell, closebuy and closeall close only the relay's trades, each reported with its price", async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('buy', { lot: 0.1 }));
      await trade(w, ea, { symbol: 'GBPUSD', position: 'buy', lot: 0.2 });
      manualTrade(w, 'USDJPY', 'buy', 0.3);

      const nothing = await trade(w, ea, eurusd('closesell'));
      expect(nothing.row.status).toBe('success');
      expect(nothing.line.text).toMatch(
        /success: Nothing to close: no matching open (position|order)/,
      );
      expect(openTrades(w.account)).toHaveLength(3);

      w.broker.setPrice('EURUSD', 1.1015, 1.10152);
      const closebuy = await trade(w, ea, eurusd('closebuy'));
      expect(closebuy.row).toMatchObject({ status: 'success', executedPrice: 1.1015 });
      expect(
        openTrades(w.account)
          .map((t) => t.symbol)
          .sort(),
      ).toEqual(['GBPUSD', 'USDJPY']);

      const closeall = await trade(w, ea, { symbol: '', position: 'closeall' });
      expect(closeall.row.status).toBe('success');
      expect(openTrades(w.account)).toMatchObject([{ symbol: 'USDJPY', magic: 0 }]);
    });

    it('break-even, then the trailing stop, follow the price; the broker closes at the trailed stop', async () => {
      const { w, ea } = await start();
      await trade(
        w,
        ea,
        eurusd('buy', { lot: 0.1, slpoint: 300, trailingStop: 150, breakEvenPips: 10 }),
      );
      const sl = () => openTrades(w.account)[0]?.sl;
      expect(sl()).toBe(1.09702);
      w.broker.setPrice('EURUSD', 1.1009, 1.10092); // 88 points up: not yet 10 pips
      w.broker.setPrice('EURUSD', 1.1011, 1.10112); // 108 points: break-even
      await ea.waitForJournal(/EURUSD stop loss 1\.09702 -> 1\.10002/);
      expect(sl()).toBe(1.10002);
      w.broker.setPrice('EURUSD', 1.102, 1.10202); // 198 points: trail 150 behind the bid
      await ea.waitForJournal(/EURUSD stop loss 1\.10002 -> 1\.10050/);
      expect(sl()).toBe(1.1005);
      w.broker.setPrice('EURUSD', 1.1004, 1.10042); // through the trailed stop: the broker closes it
      expect(openTrades(w.account)).toHaveLength(0);
      expect(
        w.account.kind === 'mt4'
          ? w.account.closedMt4Orders()[0]!.closePrice
          : w.account.deals.at(-1)!.price,
      ).toBe(1.1004);
    });

    it('a test signal is logged and skipped, not traded', async () => {
      const { w, ea } = await start();
      const { row, line } = await trade(w, ea, eurusd('buy', { lot: 0.1, isTest: true }));
      expect(line.text).toMatch(/skipped: Test signal: logged, not traded/);
      expect(row.displayStatus).toBe('test_success');
      expect(openTrades(w.account)).toHaveLength(0);
    });
  });

  return { server: () => file.server(), start };
}
