import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { eurusd, openTrades, trade } from './lib/trading.ts';
import type { World } from './lib/world.ts';

// Protocol v3 closes (ea/PROTOCOL.md, "Version 3"): closePercent and closeOpposite, on every
// account kind, against the real server.
const kinds: AccountKind[] = ['mt5-hedging', 'mt5-netting', 'mt4'];
const file = scenarioFile(kinds);

for (const kind of kinds) {
  // MT4 reports its trades as orders, MT5 as positions.
  const noun = kind === 'mt4' ? 'order' : 'position';
  const start = () => file.relayWorld(kind);
  const volumes = (w: World) => openTrades(w.account).map((t) => t.volume);

  describe(`${kind}: v3 closes`, () => {
    it('closePercent closes that share rounded down to the step; a share below the minimum closes nothing and says so', async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('buy', { lot: 0.3 }));

      const half = await trade(w, ea, eurusd('closebuy', { closePercent: 50 }));
      expect(half.row).toMatchObject({ status: 'success', executedVolume: 0.15 });
      expect(half.line.text).toMatch(
        new RegExp(`success: .*Closed 50% of 1 ${noun} \\(0\\.15 lots\\)`),
      );
      expect(volumes(w)).toEqual([0.15]);

      // 33% of 0.15 is 0.0495: 0.04 at a 0.01 step.
      const third = await trade(w, ea, eurusd('closeall', { closePercent: 33 }));
      expect(third.row).toMatchObject({ status: 'success', executedVolume: 0.04 });
      expect(volumes(w)).toEqual([0.11]);

      const tiny = await trade(w, ea, eurusd('closebuy', { closePercent: 5 }));
      expect(tiny.row).toMatchObject({
        status: 'error',
        errorMessage: expect.stringMatching(
          /^Nothing closed: #\d+: 5% of 0\.11 lots is 0 lots, below the minimum 0\.01: not closed$/,
        ),
      });
      expect(volumes(w)).toEqual([0.11]);

      // 95% of 0.11 is 0.1045: 0.10, leaving the minimum 0.01 open.
      const most = await trade(w, ea, eurusd('closebuy', { closePercent: 95 }));
      expect(most.row).toMatchObject({ status: 'success', executedVolume: 0.1 });
      expect(volumes(w)).toEqual([0.01]);
    });

    it('closePercent on a sell side leaves the buys alone, and 100 closes everything as before', async () => {
      const { w, ea } = await start();
      await trade(w, ea, { symbol: 'GBPUSD', position: 'sell', lot: 0.2 });
      await trade(w, ea, eurusd('buy', { lot: 0.1 }));
      const part = await trade(w, ea, {
        symbol: 'GBPUSD',
        position: 'closesell',
        closePercent: 25,
      });
      expect(part.row).toMatchObject({ status: 'success', executedVolume: 0.05 });
      expect(openTrades(w.account).map((t) => [t.symbol, t.side, t.volume])).toEqual(
        expect.arrayContaining([
          ['GBPUSD', 'sell', 0.15],
          ['EURUSD', 'buy', 0.1],
        ]),
      );
      const all = await trade(w, ea, {
        symbol: 'GBPUSD',
        position: 'closesell',
        closePercent: 100,
      });
      expect(all.row).toMatchObject({ status: 'success', executedVolume: 0.15 });
      expect(openTrades(w.account).map((t) => t.symbol)).toEqual(['EURUSD']);
    });

    it('the trailing stop keeps following what a partial close leaves open (MT4: a new order)', async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('buy', { lot: 0.2, slpoint: 300, trailingStop: 150 }));
      await trade(w, ea, eurusd('closebuy', { closePercent: 50 }));
      w.broker.setPrice('EURUSD', 1.102, 1.10202); // 198 points up: trail 150 behind the bid
      await ea.waitForJournal(/EURUSD stop loss 1\.09702 -> 1\.10050/);
      expect(openTrades(w.account)).toMatchObject([{ volume: 0.1, sl: 1.1005 }]);
    });

    it('closeOpposite closes the other side first, then opens: one result naming both', async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('sell', { lot: 0.1 }));
      await trade(w, ea, eurusd('sell', { lot: 0.2 }));
      // A netting account holds one 0.3 sell position; the others two trades.
      const sells = kind === 'mt5-netting' ? '1 sell position' : '2 sell positions';

      const reverse = await trade(w, ea, eurusd('buy', { lot: 0.1, closeOpposite: true }));
      const [opened] = openTrades(w.account);
      expect(openTrades(w.account)).toMatchObject([{ side: 'buy', volume: 0.1 }]);
      expect(reverse.row).toMatchObject({
        status: 'success',
        ticket: String(opened!.ticket),
        executedPrice: 1.10002,
        executedVolume: 0.1,
        resultMessage: `Closed ${sells} (0.3 lots); opened buy`,
      });

      // Nothing on the other side: it opens, and says there was nothing to close.
      const again = await trade(w, ea, eurusd('buy', { lot: 0.1, closeOpposite: true }));
      expect(again.row).toMatchObject({
        status: 'success',
        resultMessage: 'No sell position to close; opened buy',
      });
      expect(volumes(w).reduce((a, b) => a + b, 0)).toBeCloseTo(0.2, 9);
    });

    it('closeOpposite opens nothing when a close fails', async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('buy', { lot: 0.1 }));
      // A refusal that no retry clears: MT5 10006 (rejected), MT4 133 (trade disabled).
      if (kind === 'mt4') w.broker.faults.next('OrderClose', { refuse: 133 });
      else w.broker.faults.next('OrderSend', { refuse: 10006 });

      const reverse = await trade(w, ea, eurusd('sell', { lot: 0.1, closeOpposite: true }));
      expect(reverse.row).toMatchObject({
        status: 'error',
        errorMessage: expect.stringMatching(
          /^Nothing opened: closing the buy positions failed: .* while closing #\d+ EURUSD$/,
        ),
      });
      expect(openTrades(w.account)).toMatchObject([{ side: 'buy', volume: 0.1 }]);

      // The close succeeds but the broker refuses the open (90 lots need more margin than
      // 10,000): the error names both steps.
      const tooBig = await trade(w, ea, eurusd('sell', { lot: 90, closeOpposite: true }));
      expect(tooBig.row).toMatchObject({
        status: 'error',
        errorMessage: expect.stringMatching(
          /^Closed 1 buy position \(0\.1 lots\); the sell failed: /,
        ),
      });
      expect(openTrades(w.account)).toHaveLength(0);
    });
  });
}
