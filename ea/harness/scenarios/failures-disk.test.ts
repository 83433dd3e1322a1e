import { noRules } from '@signalrelay/contracts/rules';
import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { putRules } from './lib/api.ts';
import { reconnectTimeoutMs, scenarioFile } from './lib/scenario-file.ts';
import { eurusd, openTrades, trade } from './lib/trading.ts';
import { connected } from './lib/world.ts';

// The terminal's disk fills up (Files.mqh): a state file that cannot be written whole keeps
// what it held, so a restart still trails the positions and holds the daily-loss lock it had.
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

    it(
      'keeps the daily-loss lock: after a restart the day still counts from its starting balance',
      async () => {
        const { w, ea } = await file.relayWorld(kind);
        const rules = async (amount: number, percent: number, heard: RegExp) => {
          const from = ea.journal.length;
          await putRules(w.server, w.trader, {
            ...noRules,
            maxDailyLoss: { amount, percent, closeAll: false },
          });
          await ea.waitForJournal(heard, { from, timeoutMs: 15_000 });
        };
        await rules(0, 1, /account rules \w+: max daily loss 1%$/);
        expect((await trade(w, ea, eurusd('buy', { lot: 1 }))).row.status).toBe('success');
        w.broker.move('EURUSD', -120);
        await ea.waitForJournal(/Daily loss 122\.00 USD reached your maximum 100\.00 USD/);
        // The loss is realised: the balance now starts lower than the day did.
        expect((await trade(w, ea, { symbol: 'EURUSD', position: 'closeall' })).row.status).toBe(
          'success',
        );
        expect(w.account.balance).toBe(9878);

        // The rule changes while the disk is full: the relay cannot write the day down again.
        w.terminal.setDiskFull(true);
        await rules(110, 0, /account rules \w+: max daily loss 110\.00 USD$/);
        await ea.waitForJournal(
          /cannot write MQL[45]\\Files\\SignalRelay\\day-\d+\.txt \(error 5026\): a restart would read the day as saved before/,
        );

        await w.terminal.crash();
        w.terminal.setDiskFull(false);
        const again = await w.relay();
        await again.waitForJournal(connected, { timeoutMs: 40_000 });
        await again.waitForJournal(/account rules \w+: max daily loss 110\.00 USD$/, {
          timeoutMs: 15_000,
        });
        // Counted from the day's 10,000 (not from today's 9,878 balance), the loss still holds.
        const refused = await trade(w, again, eurusd('buy', { lot: 0.1 }));
        expect(refused.row.errorMessage).toMatch(
          /^Daily loss 122\.00 USD reached your maximum 110\.00 USD: .*\(rule: max daily loss\)$/,
        );
        expect(openTrades(w.account)).toHaveLength(0);
      },
      reconnectTimeoutMs,
    );
  });
}
