import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { eurusd, openTrades, trade } from './lib/trading.ts';

// The terminal's disk fills up while the relay manages stops (Files.mqh): a state file that
// cannot be written whole keeps what it held, so a restart still trails the positions it had.
const kinds: AccountKind[] = ['mt5-hedging', 'mt4'];
const file = scenarioFile(kinds);

for (const kind of kinds) {
  describe(`${kind}: a full disk`, () => {
    it('keeps the saved trailing stops: after a restart the relay still trails the position left', async () => {
      const { w, ea } = await file.relayWorld(kind);
      // Two positions it trails, with stop losses 500 and 200 points under the price.
      await trade(w, ea, eurusd('buy', { lot: 0.1, slpoint: 500, trailingStop: 150 }));
      await trade(w, ea, eurusd('buy', { lot: 0.1, slpoint: 200, trailingStop: 150 }));
      expect(openTrades(w.account).map((t) => t.sl)).toEqual([1.09502, 1.09802]);

      // The disk is full when the broker closes the second one at its stop: the relay cannot
      // write down that it is gone.
      w.terminal.setDiskFull(true);
      w.broker.setPrice('EURUSD', 1.0975, 1.09752);
      expect(openTrades(w.account).map((t) => t.sl)).toEqual([1.09502]);
      await ea.waitForJournal(
        /cannot write MQL[45]\\Files\\SignalRelay\\stops-\d+\.txt \(error 5026\): after a restart, stops are managed as last saved/,
      );

      await w.terminal.crash();
      w.terminal.setDiskFull(false);
      const again = await w.relay();
      // The file still names both: the closed one is dropped at the first look at the broker.
      await again.waitForJournal(/managing trailing stop\/break-even of 2 position\(s\)/);
      w.broker.setPrice('EURUSD', 1.102, 1.10202); // 198 points up from the open: trail 150 behind
      await again.waitForJournal(/EURUSD stop loss 1\.09502 -> 1\.10050/);
      expect(openTrades(w.account).map((t) => t.sl)).toEqual([1.1005]);
    });
  });
}
