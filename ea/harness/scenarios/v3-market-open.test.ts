import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import type { Alert } from './lib/api.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { eurusd, expectRefused, openTrades, relayMagic, trade } from './lib/trading.ts';
import type { World } from './lib/world.ts';

// Protocol v3 openings (ea/PROTOCOL.md, "Version 3"): stops in pips and price, riskAmount,
// maxSpread, deviation, comment and magic, on every account kind, against the real server.
const kinds: AccountKind[] = ['mt5-hedging', 'mt5-netting', 'mt4'];
const file = scenarioFile(kinds);

for (const kind of kinds) {
  const start = () => file.relayWorld(kind);
  const on = (w: World, symbol: string) => openTrades(w.account).find((t) => t.symbol === symbol);

  describe(`${kind}: v3 openings`, () => {
    it('stops in pips are 10 points on 5- and 3-digit symbols and 1 point otherwise; stops in price are absolute', async () => {
      const { w, ea } = await start();
      const pips = await trade(w, ea, eurusd('buy', { lot: 0.1, slpips: 20, tppips: 40 }));
      expect(on(w, 'EURUSD')).toMatchObject({ priceOpen: 1.10002, sl: 1.09802, tp: 1.10402 });
      // The journal says the unit the alert used.
      expect(
        ea.lines(
          new RegExp(`signal ${pips.id} received: buy EURUSD lot 0\\.1 sl 20 pips tp 40 pips`),
        ),
      ).toHaveLength(1);
      await trade(w, ea, { symbol: 'USDJPY', position: 'sell', lot: 0.1, slpips: 15 });
      expect(on(w, 'USDJPY')).toMatchObject({ priceOpen: 151.2, sl: 151.35, tp: 0 });
      // US3000 quotes 1 digit: a pip is one point, 0.1.
      await trade(w, ea, { symbol: 'US3000', position: 'buy', lot: 1, slpips: 20, tppips: 50 });
      expect(on(w, 'US3000')).toMatchObject({ priceOpen: 3000.5, sl: 3000.5 - 2, tp: 3000.5 + 5 });
      const priced = await trade(w, ea, {
        symbol: 'GBPUSD',
        position: 'sell',
        lot: 0.1,
        slprice: 1.26,
        tpprice: 1.24,
      });
      expect(priced.row.status).toBe('success');
      expect(
        ea.lines(
          new RegExp(
            `signal ${priced.id} received: sell GBPUSD lot 0\\.1 sl price 1\\.26 tp price 1\\.24`,
          ),
        ),
      ).toHaveLength(1);
      expect(on(w, 'GBPUSD')).toMatchObject({ priceOpen: 1.25, sl: 1.26, tp: 1.24 });
    });

    it('a price stop on the wrong side of the entry is refused before anything is sent', async () => {
      const { w, ea } = await start();
      await expectRefused(
        w,
        ea,
        eurusd('buy', { lot: 0.1, slprice: 1.2 }),
        'slprice 1.20000 must be below the entry price 1.10002',
      );
    });

    it('riskAmount sizes the lot from the money lost at a stop loss in pips or points, clamped to the minimum with a message', async () => {
      const { w, ea } = await start();
      const sizings: [Alert, number, RegExp][] = [
        // 25 pips on EURUSD = 250 points at 1 per point and lot: 100 / 250 = 0.4 lots.
        [eurusd('sell', { riskAmount: 100, slpips: 25 }), 0.4, /Lot 0\.4 from a riskAmount of 100/],
        [
          { symbol: 'GBPUSD', position: 'buy', riskAmount: 1, slpoint: 250 },
          0.01,
          /Lot 0\.004 raised to the minimum 0\.01/,
        ],
        // US3000 loses 1 per lot over 10 points: 5,000 would be 5,000 lots, above the maximum 100.
        [
          { symbol: 'US3000', position: 'buy', riskAmount: 5000, slpoint: 10 },
          100,
          /Lot 5000 lowered to the maximum 100/,
        ],
      ];
      for (const [alert, executedVolume, message] of sizings) {
        const { row } = await trade(w, ea, alert);
        expect(row).toMatchObject({
          status: 'success',
          executedVolume,
          resultMessage: expect.stringMatching(message),
        });
      }
      expect(on(w, 'EURUSD')).toMatchObject({ volume: 0.4, sl: 1.1025 });
    });

    it('maxSpread refuses an opening while the spread is wider, and opens once it is not', async () => {
      const { w, ea } = await start();
      w.broker.setPrice('EURUSD', 1.1, 1.10035);
      await expectRefused(
        w,
        ea,
        eurusd('buy', { lot: 0.1, maxSpread: 20 }),
        "Spread 35 points is above the alert's maxSpread 20",
      );
      const ok = await trade(w, ea, eurusd('buy', { lot: 0.1, maxSpread: 35 }));
      expect(ok.row).toMatchObject({ status: 'success', executedPrice: 1.10035 });
    });

    it('maxSpread does not refuse the retry of an attempt that was filled: the trade is reported once', async () => {
      const { w, ea } = await start();
      // The fill's reply is lost (a timeout) and the spread widens before the EA looks again.
      w.broker.faults.next('OrderSend', { lostReply: kind === 'mt4' ? 128 : 10012 });
      const stop = w.broker.onFill(() => w.broker.setPrice('EURUSD', 1.1, 1.1005));
      const filled = await trade(w, ea, eurusd('buy', { lot: 0.1, maxSpread: 20 }));
      stop();
      expect(filled.row).toMatchObject({
        status: 'success',
        resultMessage: expect.stringMatching(/Filled by an earlier attempt/),
      });
      expect(openTrades(w.account)).toMatchObject([{ volume: 0.1, priceOpen: 1.10002 }]);
    });

    it('deviation is the slippage accepted: within it the order fills at once, beyond it the broker requotes', async () => {
      const { w, ea } = await start();
      w.broker.symbol('EURUSD').execution = 'instant';
      // The market moves 10 points between the EA's quote and the broker's check.
      w.broker.faults.next('OrderSend', { slip: 10 });
      const wide = await trade(w, ea, eurusd('buy', { lot: 0.1, deviation: 15 }));
      expect(wide.row).toMatchObject({ status: 'success', executedPrice: 1.10012 });
      expect(ea.lines(new RegExp(`signal ${wide.id} attempt`))).toHaveLength(0);

      w.broker.faults.next('OrderSend', { slip: 10 });
      const tight = await trade(w, ea, eurusd('buy', { lot: 0.1, deviation: 5 }));
      // Requoted once, then filled at the new price on the next attempt.
      expect(ea.lines(new RegExp(`signal ${tight.id} attempt 1: .*[Rr]equote`))).toHaveLength(1);
      expect(tight.row).toMatchObject({ status: 'success', executedPrice: 1.10022 });
    });

    it('comment is the order comment, and magic tags the trade and narrows a close to it', async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('buy', { lot: 0.1 }));
      const tagged = await trade(w, ea, {
        symbol: 'GBPUSD',
        position: 'buy',
        lot: 0.1,
        comment: 'grid-7 long',
        magic: 4242,
      });
      expect(on(w, 'GBPUSD')).toMatchObject({
        magic: 4242,
        comment: `grid-7 long ${tagged.id.slice(-6)}`,
      });
      const close = await trade(w, ea, { symbol: '', position: 'closeall', magic: 4242 });
      expect(close.row.status).toBe('success');
      expect(openTrades(w.account)).toMatchObject([{ symbol: 'EURUSD', magic: relayMagic }]);
    });
  });
}
