import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { terminalList } from './lib/api.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { eurusd, openTrades, trade } from './lib/trading.ts';

// What the broker and the terminal answer when a trade cannot simply go through, as the
// trader sees it: the position (or none), the history's status and message, the journal.
const file = scenarioFile(['mt5-hedging', 'mt4']);
const codes = {
  'mt5-hedging': { timeout: 10012, requote: 10004, autoTradingOff: 10027, marketClosed: 10018 },
  mt4: { timeout: 128, requote: 138, autoTradingOff: 4109, marketClosed: 132 },
} as const;

describe.each<'mt5-hedging' | 'mt4'>(['mt5-hedging', 'mt4'])(
  '%s',
  (kind: AccountKind & keyof typeof codes) => {
    const code = codes[kind];
    const start = () => file.relayWorld(kind);

    it('a send that times out but was filled: found at the broker, reported once, not opened again', async () => {
      const { w, ea } = await start();
      w.broker.faults.next('OrderSend', { lostReply: code.timeout });
      const { id, row, line } = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
      expect(openTrades(w.account)).toHaveLength(1);
      expect(row).toMatchObject({
        status: 'success',
        ticket: String(openTrades(w.account)[0]!.ticket),
      });
      expect(line.text).toMatch(/success: .*Filled by an earlier attempt/);
      expect(ea.lines(new RegExp(`signal ${id} attempt 1: `))).toHaveLength(1);
    });

    it('requotes are retried until the broker fills, once', async () => {
      const { w, ea } = await start();
      w.broker.faults.next('OrderSend', { refuse: code.requote }, 2);
      const { id, row } = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
      expect(row.status).toBe('success');
      expect(openTrades(w.account)).toHaveLength(1);
      expect(ea.lines(new RegExp(`signal ${id} attempt \\d: Requote`))).toHaveLength(2);
      expect(w.broker.faults.pending()).toEqual({});
    });

    it('stops inside the stops level are refused before anything is sent', async () => {
      const { w, ea } = await start();
      w.broker.symbol('EURUSD').stopsLevel = 50;
      const { row } = await trade(w, ea, {
        symbol: 'EURUSD',
        position: 'buy',
        lot: 0.1,
        slpoint: 30,
        tppoint: 100,
      });
      expect(row.status).toBe('error');
      expect(row.errorMessage).toMatch(
        /stop loss 30 points is too close to the price: EURUSD needs at least 50 points/,
      );
      expect(openTrades(w.account)).toHaveLength(0);
    });

    it('AutoTrading off: refused with the button to press, nothing traded', async () => {
      const { w, ea } = await start();
      w.terminal.setAutoTrading(false);
      const { row, line } = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
      expect(row).toMatchObject({ status: 'error', retcode: code.autoTradingOff });
      expect(row.errorMessage).toMatch(
        /AutoTrading is off: press the (Algo Trading|AutoTrading) button/,
      );
      expect(line.kind === 'error' || /ERROR/.test(line.text)).toBe(true);
      expect(openTrades(w.account)).toHaveLength(0);
      // The dashboard hears it from the EA's health report, and hears when it is fixed.
      const health = async () => (await terminalList(w.server, w.trader))[0]?.health;
      await expect
        .poll(health, { timeout: 10_000 })
        .toEqual([
          { code: 'AUTOTRADING_OFF', message: expect.stringMatching(/AutoTrading is off/) },
        ]);
      w.terminal.setAutoTrading(true);
      await expect.poll(health, { timeout: 10_000 }).toEqual([]);
    });

    it('market closed: refused with the reason', async () => {
      const { w, ea } = await start();
      w.broker.symbol('EURUSD').sessionOpen = false;
      const { row } = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
      expect(row).toMatchObject({
        status: 'error',
        retcode: code.marketClosed,
        errorMessage: expect.stringMatching(/Market closed/),
      });
      expect(openTrades(w.account)).toHaveLength(0);
      await expect
        .poll(async () => (await terminalList(w.server, w.trader))[0]?.health, {
          timeout: 10_000,
        })
        .toEqual([
          {
            code: 'MARKET_CLOSED',
            symbol: 'EURUSD',
            message: expect.stringMatching(/market is closed for EURUSD/),
          },
        ]);
    });
  },
);

/** An mt4 buy with stops whose OrderModify the broker refuses once (130, invalid stops). */
async function buyWithRefusedStops() {
  const { w, ea } = await file.relayWorld('mt4');
  w.broker.faults.next('OrderModify', { refuse: 130 });
  return {
    w,
    ea,
    ...(await trade(w, ea, eurusd('buy', { lot: 0.1, slpoint: 200, tppoint: 400 }))),
  };
}

it('mt4: a stop loss the broker does not take at once is never a plain success, and is placed later', async () => {
  const { w, ea, line } = await buyWithRefusedStops();
  expect(line.text).toMatch(/success: .*not in place yet .*the EA keeps trying/);
  const ticket = openTrades(w.account)[0]!.ticket;
  await ea.waitForJournal(new RegExp(`#${ticket} EURUSD stop loss and take profit now in place`));
  expect(openTrades(w.account)).toMatchObject([{ sl: 1.09802, tp: 1.10402 }]);
});

it('mt4: the Signal History tells the trader that the stop loss is not in place yet', async () => {
  const { row } = await buyWithRefusedStops();
  expect(row.status).toBe('success');
  expect(row.resultMessage).toMatch(/stop loss and take profit is not in place yet/);
});
