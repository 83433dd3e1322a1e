import { describe, expect, it } from 'vitest';
import type { AccountKind } from './account.ts';
import { Broker } from './broker.ts';
import type { Mt5Request } from './mt5-checks.ts';
import { orderCheck, orderSend } from './mt5-trade.ts';
import type { TradeContext } from './trade-context.ts';

function world(kind: AccountKind = 'mt5-hedging') {
  const broker = new Broker();
  broker.addSymbol({ name: 'EURUSD', bid: 1.1, ask: 1.10002, stopsLevel: 10, commissionPerLot: 3 });
  const account = broker.addAccount({ login: 5012345, kind, balance: 10_000 });
  const ctx: TradeContext = { account, connected: true, autoTrading: true, eaTradeAllowed: true };
  return { broker, account, ctx };
}

const deal = (fields: Partial<Mt5Request>): Mt5Request => ({
  action: 'TRADE_ACTION_DEAL',
  magic: 7,
  order: 0,
  symbol: 'EURUSD',
  volume: 0.1,
  price: 0,
  stoplimit: 0,
  sl: 0,
  tp: 0,
  deviation: 20,
  type: 'ORDER_TYPE_BUY',
  type_filling: 'ORDER_FILLING_FOK',
  type_time: 'ORDER_TIME_GTC',
  expiration: 0,
  comment: 'SignalRelay abc',
  position: 0,
  position_by: 0,
  ...fields,
});

describe('MT5 OrderSend, hedging', () => {
  it('opens at the ask with stops, books a deal with commission, and closes by position', () => {
    const { broker, account, ctx } = world();
    const open = orderSend(broker, ctx, deal({ sl: 1.098, tp: 1.103 }));
    expect(open).toMatchObject({
      ok: true,
      result: { retcode: 10009, price: 1.10002, volume: 0.1 },
    });
    expect(account.positions).toMatchObject([
      {
        ticket: open.result.order,
        identifier: open.result.order,
        side: 'buy',
        sl: 1.098,
        tp: 1.103,
      },
    ]);
    expect(account.deals).toMatchObject([
      { entry: 'in', commission: -0.3, positionId: open.result.order },
    ]);
    broker.setPrice('EURUSD', 1.1012, 1.10122);
    const close = orderSend(
      broker,
      ctx,
      deal({ type: 'ORDER_TYPE_SELL', position: open.result.order, volume: 0.04 }),
    );
    expect(close.result).toMatchObject({ retcode: 10009, price: 1.1012 });
    expect(account.positions[0]!.volume).toBe(0.06);
    expect(account.deals[1]).toMatchObject({ entry: 'out', volume: 0.04, profit: 4.72 });
    expect(account.balance).toBe(10_000 - 0.3 - 0.12 + 4.72);
  });

  it('a second buy is a second position', () => {
    const { broker, account, ctx } = world();
    orderSend(broker, ctx, deal({}));
    orderSend(broker, ctx, deal({}));
    expect(account.positions).toHaveLength(2);
  });

  it('refuses with the trade server return codes', () => {
    const { broker, ctx, account } = world();
    expect(orderSend(broker, ctx, deal({ volume: 0.015 })).result.retcode).toBe(10014);
    expect(orderSend(broker, ctx, deal({ sl: 1.09995 })).result.retcode).toBe(10016);
    expect(orderSend(broker, ctx, deal({ sl: 1.2 })).result.retcode).toBe(10016);
    expect(orderSend(broker, ctx, deal({ volume: 99 })).result.retcode).toBe(10019);
    expect(
      orderSend(broker, ctx, deal({ type_filling: 'ORDER_FILLING_RETURN' })).result.retcode,
    ).toBe(10030);
    expect(orderSend(broker, { ...ctx, autoTrading: false }, deal({})).result.retcode).toBe(10027);
    expect(orderSend(broker, { ...ctx, connected: false }, deal({})).result.retcode).toBe(10031);
    broker.addSymbol({ name: 'GBPUSD' });
    expect(orderSend(broker, ctx, deal({ symbol: 'GBPUSD' })).result.retcode).toBe(10021);
    expect(orderSend(broker, ctx, deal({ symbol: 'GBPUSD.x' })).result.retcode).toBe(10013);
    broker.symbol('EURUSD').sessionOpen = false;
    expect(orderSend(broker, ctx, deal({}))).toMatchObject({
      ok: false,
      err: 4756,
      result: { retcode: 10018 },
    });
    broker.symbol('EURUSD').sessionOpen = true;
    broker.symbol('EURUSD').tradeMode = 'closeonly';
    expect(orderSend(broker, ctx, deal({})).result.retcode).toBe(10044);
    broker.symbol('EURUSD').tradeMode = 'disabled';
    expect(orderSend(broker, ctx, deal({})).result.retcode).toBe(10017);
    expect(account.positions).toHaveLength(0);
  });

  it('instant execution requotes a price further than the deviation', () => {
    const { broker, ctx } = world();
    broker.symbol('EURUSD').execution = 'instant';
    expect(orderSend(broker, ctx, deal({ price: 1.10032, deviation: 20 })).result).toMatchObject({
      retcode: 10004,
      ask: 1.10002,
    });
    expect(orderSend(broker, ctx, deal({ price: 1.10012, deviation: 20 })).result.retcode).toBe(
      10009,
    );
  });

  it('a slip fault moves the market before the check: requoted beyond the deviation, filled within it', () => {
    const { broker, account, ctx } = world();
    broker.symbol('EURUSD').execution = 'instant';
    broker.faults.next('OrderSend', { slip: 10 });
    expect(orderSend(broker, ctx, deal({ price: 1.10002, deviation: 5 })).result).toMatchObject({
      retcode: 10004,
      ask: 1.10012,
    });
    broker.faults.next('OrderSend', { slip: 10 });
    expect(orderSend(broker, ctx, deal({ price: 1.10012, deviation: 10 })).result).toMatchObject({
      retcode: 10009,
      price: 1.10022,
    });
    expect(account.positions).toHaveLength(1);
    // Market execution fills at the moved price whatever the deviation.
    broker.symbol('EURUSD').execution = 'market';
    broker.faults.next('OrderSend', { slip: -30 });
    expect(orderSend(broker, ctx, deal({ price: 1.10022, deviation: 0 })).result).toMatchObject({
      retcode: 10009,
      price: 1.09992,
    });
    expect(broker.faults.pending()).toEqual({});
  });

  it('OrderCheck says what OrderSend would, without trading', () => {
    const { broker, ctx, account } = world();
    expect(orderCheck(broker, ctx, deal({ type_filling: 'ORDER_FILLING_RETURN' }))).toMatchObject({
      ok: false,
      check: { retcode: 10030 },
    });
    expect(orderCheck(broker, ctx, deal({}))).toMatchObject({
      ok: true,
      check: { retcode: 0, balance: 10_000 },
    });
    expect(account.positions).toHaveLength(0);
  });

  it('injected faults: a refusal, a partial fill, and a fill whose reply is lost', () => {
    const { broker, ctx, account } = world();
    broker.faults.next('OrderSend', { refuse: 10004 });
    expect(orderSend(broker, ctx, deal({})).result).toMatchObject({
      retcode: 10004,
      bid: 1.1,
      ask: 1.10002,
    });
    broker.faults.next('OrderSend', { partial: 0.04 });
    expect(orderSend(broker, ctx, deal({})).result).toMatchObject({ retcode: 10010, volume: 0.04 });
    broker.faults.next('OrderSend', { lostReply: 10012 });
    expect(orderSend(broker, ctx, deal({}))).toMatchObject({
      ok: false,
      result: { retcode: 10012, order: 0 },
    });
    expect(account.positions.map((p) => p.volume)).toEqual([0.04, 0.1]);
    expect(broker.faults.pending()).toEqual({});
  });

  it('moves stops with TRADE_ACTION_SLTP: stops level, no change, frozen', () => {
    const { broker, ctx, account } = world();
    broker.symbol('EURUSD').freezeLevel = 5;
    const { result } = orderSend(broker, ctx, deal({}));
    const sltp = (sl: number, tp = 0) =>
      orderSend(broker, ctx, deal({ action: 'TRADE_ACTION_SLTP', position: result.order, sl, tp }))
        .result.retcode;
    expect(sltp(1.09995)).toBe(10016);
    expect(sltp(1.0995)).toBe(10009);
    expect(sltp(1.0995)).toBe(10025);
    broker.setPrice('EURUSD', 1.09953, 1.09955);
    expect(sltp(1.099)).toBe(10029);
    expect(account.positions[0]!.sl).toBe(1.0995);
  });

  it('executes a stop loss the price reaches', () => {
    const { broker, ctx, account } = world();
    orderSend(broker, ctx, deal({ sl: 1.099 }));
    broker.setPrice('EURUSD', 1.0989, 1.09892);
    expect(account.positions).toHaveLength(0);
    expect(account.deals[1]).toMatchObject({
      entry: 'out',
      reason: 'sl',
      price: 1.0989,
      comment: '[sl 1.099]',
    });
  });

  it('tells OnTradeTransaction listeners about deals and requests', () => {
    const { broker, ctx } = world();
    const types: unknown[] = [];
    broker.onTrade((_account, e) => types.push(e.trans.type));
    orderSend(broker, ctx, deal({}));
    expect(types).toEqual([
      'TRADE_TRANSACTION_DEAL_ADD',
      'TRADE_TRANSACTION_HISTORY_ADD',
      'TRADE_TRANSACTION_REQUEST',
    ]);
  });
});

describe('MT5 OrderSend, netting', () => {
  it('keeps one position per symbol: adds, reduces, reverses (new ticket, same id), closes', () => {
    const { broker, account, ctx } = world('mt5-netting');
    const first = orderSend(broker, ctx, deal({ volume: 0.1 })).result.order;
    orderSend(broker, ctx, deal({ volume: 0.1 }));
    expect(account.positions).toMatchObject([{ ticket: first, volume: 0.2, priceOpen: 1.10002 }]);
    orderSend(broker, ctx, deal({ type: 'ORDER_TYPE_SELL', volume: 0.05 }));
    expect(account.positions).toMatchObject([{ side: 'buy', volume: 0.15 }]);
    const reversal = orderSend(broker, ctx, deal({ type: 'ORDER_TYPE_SELL', volume: 0.25 })).result
      .order;
    expect(account.positions).toMatchObject([
      { ticket: reversal, identifier: first, side: 'sell', volume: 0.1 },
    ]);
    expect(account.deals.map((d) => d.entry)).toEqual(['in', 'in', 'out', 'inout']);
    orderSend(broker, ctx, deal({ type: 'ORDER_TYPE_BUY', volume: 0.1 }));
    expect(account.positions).toHaveLength(0);
    expect(new Set(account.deals.map((d) => d.positionId))).toEqual(new Set([first]));
  });

  it('a close-only symbol still takes a close of the netting position', () => {
    const { broker, account, ctx } = world('mt5-netting');
    orderSend(broker, ctx, deal({}));
    broker.symbol('EURUSD').tradeMode = 'closeonly';
    expect(orderSend(broker, ctx, deal({ type: 'ORDER_TYPE_SELL' })).result.retcode).toBe(10009);
    expect(account.positions).toHaveLength(0);
  });
});
