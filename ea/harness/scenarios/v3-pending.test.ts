import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { pendingOrders } from './lib/pending-orders.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { eurusd, expectRefused, openTrades, relayMagic, trade } from './lib/trading.ts';

// Protocol v3 pending orders, cancel and modify (ea/PROTOCOL.md, "Version 3") on every account
// kind, against the real server: the alert goes through the webhook, the EA places, deletes or
// changes orders at the simulated broker, and Signal History shows its result.
const kinds: AccountKind[] = ['mt5-hedging', 'mt5-netting', 'mt4'];
const file = scenarioFile(kinds);

for (const kind of kinds) {
  const start = () => file.relayWorld(kind);

  describe(`${kind}: pending orders`, () => {
    it('buylimit with stops in pips and an expiry: placed at its price, filled with its stops when the ask reaches it', async () => {
      const { w, ea } = await start();
      const placed = await trade(
        w,
        ea,
        eurusd('buylimit', { price: 1.099, lot: 0.1, slpips: 20, tppips: 40, expiry: 60 }),
      );
      const [order] = pendingOrders(w.account);
      expect(placed.row).toMatchObject({
        status: 'success',
        ticket: String(order?.ticket),
        resultMessage: 'buylimit 0.1 lots at 1.09900 placed, expires in 60 min',
      });
      expect(order).toMatchObject({
        type: 'buylimit',
        volume: 0.1,
        price: 1.099,
        sl: 1.097,
        tp: 1.103,
        magic: relayMagic,
      });
      const inAnHour = w.broker.clock.utcMs() + 3_600_000;
      expect(Math.abs(order!.expirationMs - inAnHour)).toBeLessThan(60_000);
      expect(openTrades(w.account)).toHaveLength(0);

      w.broker.setPrice('EURUSD', 1.09898, 1.099);
      expect(pendingOrders(w.account)).toHaveLength(0);
      expect(openTrades(w.account)).toMatchObject([
        { side: 'buy', volume: 0.1, priceOpen: 1.099, sl: 1.097, tp: 1.103, magic: relayMagic },
      ]);
    });

    it('a price on the wrong side of the market is refused with what to use instead; nothing reaches the broker', async () => {
      const { w, ea } = await start();
      const wrongSide = [
        [
          eurusd('buylimit', { price: 1.101, lot: 0.1 }),
          'buylimit at 1.10100 is above the ask 1.10002: a buylimit waits below the market (buystop buys above it). Not placed',
        ],
        [
          eurusd('sellstop', { price: 1.1005, lot: 0.1 }),
          'sellstop at 1.10050 is above the bid 1.10000: a sellstop waits below the market (selllimit sells above it). Not placed',
        ],
      ] as const;
      for (const [alert, errorMessage] of wrongSide)
        await expectRefused(w, ea, alert, errorMessage);
    });

    it('sellstop with stops in price expires at the broker after expiry minutes', async () => {
      const { w, ea } = await start();
      const placed = await trade(
        w,
        ea,
        eurusd('sellstop', { price: 1.098, lot: 0.2, slprice: 1.0995, tpprice: 1.095, expiry: 30 }),
      );
      expect(placed.row.status).toBe('success');
      expect(pendingOrders(w.account)).toMatchObject([
        { type: 'sellstop', volume: 0.2, price: 1.098, sl: 1.0995, tp: 1.095 },
      ]);
      w.broker.clock.shift(31 * 60_000);
      w.broker.setPrice('EURUSD', 1.0979, 1.09792);
      expect(pendingOrders(w.account)).toHaveLength(0);
      expect(openTrades(w.account)).toHaveLength(0);
    });

    it("cancel deletes this EA's pending orders on the symbol, side narrows, and none left is an error", async () => {
      const { w, ea } = await start();
      for (const [position, price] of [
        ['buylimit', 1.099],
        ['selllimit', 1.101],
        ['sellstop', 1.098],
      ] as const)
        expect((await trade(w, ea, eurusd(position, { price, lot: 0.1 }))).row.status).toBe(
          'success',
        );
      await trade(w, ea, { symbol: 'GBPUSD', position: 'selllimit', price: 1.26, lot: 0.1 });

      const sells = await trade(w, ea, eurusd('cancel', { side: 'sell' }));
      expect(sells.row).toMatchObject({
        status: 'success',
        resultMessage: 'Cancelled 2 pending orders',
      });
      expect(pendingOrders(w.account).map((o) => [o.symbol, o.type])).toEqual([
        ['EURUSD', 'buylimit'],
        ['GBPUSD', 'selllimit'],
      ]);
      const again = await trade(w, ea, eurusd('cancel', { side: 'sell' }));
      expect(again.row).toMatchObject({
        status: 'error',
        errorMessage: 'No pending order of this EA on EURUSD (sell side) to cancel',
      });
      const rest = await trade(w, ea, eurusd('cancel'));
      expect(rest.row.resultMessage).toMatch(/^Cancelled pending order #\d+$/);
      expect(pendingOrders(w.account).map((o) => o.symbol)).toEqual(['GBPUSD']);
    });
  });

  describe(`${kind}: modify`, () => {
    it('sets stops in pips from the open price, leaves out what the alert leaves out, and needs a position', async () => {
      const { w, ea } = await start();
      await trade(w, ea, eurusd('buy', { lot: 0.1, slpoint: 100 }));
      const both = await trade(w, ea, eurusd('modify', { slpips: 20, tppips: 40 }));
      expect(both.row).toMatchObject({
        status: 'success',
        resultMessage: expect.stringMatching(
          /^Set stop loss 1\.09802 and take profit 1\.10402 on #\d+$/,
        ),
      });
      expect(openTrades(w.account)).toMatchObject([{ sl: 1.09802, tp: 1.10402 }]);
      const tpOnly = await trade(w, ea, eurusd('modify', { tpprice: 1.105 }));
      expect(tpOnly.row.status).toBe('success');
      expect(openTrades(w.account)).toMatchObject([{ sl: 1.09802, tp: 1.105 }]);

      const none = await trade(w, ea, { symbol: 'GBPUSD', position: 'modify', slpips: 10 });
      expect(none.row).toMatchObject({
        status: 'error',
        errorMessage: 'No open position of this EA on GBPUSD to modify',
      });
      const sellSide = await trade(w, ea, eurusd('modify', { side: 'sell', slpips: 10 }));
      expect(sellSide.row.errorMessage).toBe(
        'No open position of this EA on EURUSD (sell side) to modify',
      );
    });
  });
}
