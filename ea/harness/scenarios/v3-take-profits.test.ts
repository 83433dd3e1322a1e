import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { eurusd, expectRefused, openTrades, trade } from './lib/trading.ts';

// Protocol v3 several take-profits (ea/PROTOCOL.md, "Version 3", `tps`): the EA closes each
// level's share of the opened volume itself, on every account kind (MT4 gives the rest of a
// partial close a new ticket), moves the stop loss to break-even after the first level when
// breakEvenPips asks, and carries on after a restart.
const kinds: AccountKind[] = ['mt5-hedging', 'mt5-netting', 'mt4'];
const file = scenarioFile(kinds);

for (const kind of kinds) {
  const start = () => file.relayWorld(kind);

  describe(`${kind}: several take-profits`, () => {
    it('closes each level share as the price reaches it, with break-even after the first level', async () => {
      const { w, ea } = await start();
      const tps = [
        { pips: 10, percent: 50 },
        { points: 200, percent: 30 },
        { price: 1.1035, percent: 20 },
      ];
      const opened = await trade(
        w,
        ea,
        eurusd('buy', { lot: 0.3, slpips: 30, breakEvenPips: 25, tps }),
      );
      expect(opened.row).toMatchObject({
        status: 'success',
        resultMessage:
          'Take profits managed by the EA: 1.10102 (50%), 1.10202 (30%), 1.10350 (20%)',
      });
      // The broker holds no take profit: the EA closes the levels.
      expect(openTrades(w.account)).toMatchObject([{ volume: 0.3, sl: 1.09702, tp: 0 }]);

      w.broker.setPrice('EURUSD', 1.10102);
      await ea.waitForJournal(/take profit 1 at 1\.10102 reached: closed 0\.15 lots/);
      await ea.waitForJournal(/stop loss moved to break-even 1\.10002 after its first take profit/);
      expect(openTrades(w.account)).toMatchObject([{ volume: 0.15, sl: 1.10002 }]);

      w.broker.setPrice('EURUSD', 1.1021);
      await ea.waitForJournal(/take profit 2 at 1\.10202 reached: closed 0\.09 lots/);
      expect(openTrades(w.account)).toMatchObject([{ volume: 0.06, sl: 1.10002 }]);

      w.broker.setPrice('EURUSD', 1.1035);
      await ea.waitForJournal(
        /take profit 3 at 1\.10350 reached: closed 0\.06 lots, nothing left open/,
      );
      expect(openTrades(w.account)).toHaveLength(0);
    });

    it('remembers the levels across a restart of the terminal', async () => {
      const { w, ea } = await start();
      const tps = [
        { pips: 10, percent: 50 },
        { pips: 20, percent: 50 },
      ];
      await trade(w, ea, eurusd('sell', { lot: 0.2, tps }));
      w.broker.setPrice('EURUSD', 1.0989, 1.0989 + 0.00002);
      await ea.waitForJournal(/take profit 1 at 1\.09900 reached: closed 0\.1 lots/);
      await w.terminal.crash();

      // The levels are read at start, before the server is reached (on MT4 the server keeps
      // the crashed copy's long-poll as the account's executor for a few seconds more).
      const again = await w.relay();
      await again.waitForJournal(/managing the take-profit levels of 1 position/);
      w.broker.setPrice('EURUSD', 1.0979, 1.0979 + 0.00002);
      await again.waitForJournal(
        /take profit 2 at 1\.09800 reached: closed 0\.1 lots, nothing left open/,
      );
      expect(openTrades(w.account)).toHaveLength(0);
    });

    it('a level given as a price on the losing side is refused before anything opens', async () => {
      const { w, ea } = await start();
      await expectRefused(
        w,
        ea,
        eurusd('buy', { lot: 0.1, tps: [{ price: 1.099, percent: 100 }] }),
        'tps[0].price 1.09900 must be above the entry price 1.10002',
      );
    });
  });
}
