import { describe, expect, it } from 'vitest';
import { Broker } from './broker.ts';
import type { Mt4SendRequest } from './mt4-checks.ts';
import { orderDelete } from './mt4-pending.ts';
import { orderClose, orderModify, orderSend } from './mt4-trade.ts';
import type { TradeContext } from './trade-context.ts';

function world() {
  const broker = new Broker();
  broker.addSymbol({
    name: 'EURUSD',
    bid: 1.1,
    ask: 1.10002,
    stopsLevel: 10,
    freezeLevel: 5,
    commissionPerLot: 3,
  });
  const account = broker.addAccount({ login: 123456, kind: 'mt4', balance: 10_000 });
  const ctx: TradeContext = { account, connected: true, autoTrading: true, eaTradeAllowed: true };
  const send = (fields: Partial<Mt4SendRequest> = {}) =>
    orderSend(broker, ctx, {
      symbol: 'EURUSD',
      type: 'buylimit',
      volume: 0.1,
      price: 1.099,
      slippage: 0,
      sl: 0,
      tp: 0,
      comment: 'SignalRelay abc',
      magic: 7,
      ...fields,
    });
  return { broker, account, ctx, send };
}

describe('MT4 pending orders', () => {
  it('places a buy stop with stops (also on market execution), which opens under its ticket when the ask reaches it', () => {
    const { broker, account, send } = world();
    const { ret: ticket } = send({ type: 'buystop', price: 1.101, sl: 1.1, tp: 1.103 });
    expect(ticket).toBeGreaterThan(0);
    expect(account.openMt4Orders()).toMatchObject([{ ticket, type: 'buystop', openPrice: 1.101 }]);
    expect(account.balance).toBe(10_000);
    broker.setPrice('EURUSD', 1.10101, 1.10103);
    expect(account.openMt4Orders()).toMatchObject([
      { ticket, type: 'buy', openPrice: 1.10103, sl: 1.1, tp: 1.103, commission: -0.6 },
    ]);
    expect(account.balance).toBe(10_000 - 0.6);
  });

  it('refuses an open price on the wrong side or inside the stops level with 130, unnormalized with 129', () => {
    const { send, account } = world();
    expect(send({ type: 'buylimit', price: 1.1005 })).toEqual({ ret: -1, err: 130 });
    expect(send({ type: 'selllimit', price: 1.10005 })).toEqual({ ret: -1, err: 130 });
    expect(send({ type: 'sellstop', price: 1.1001 })).toEqual({ ret: -1, err: 130 });
    expect(send({ price: 1.0990004 })).toEqual({ ret: -1, err: 129 });
    expect(send({ price: 1.099, tp: 1.0989 })).toEqual({ ret: -1, err: 130 });
    expect(send({ price: 1.099, expirationMs: Date.now() - 1000 })).toEqual({ ret: -1, err: 3 });
    expect(account.openMt4Orders()).toHaveLength(0);
  });

  it('expires at its expiration, with [expiration] in the comment', () => {
    const { broker, account, send } = world();
    const { ret: ticket } = send({ expirationMs: broker.clock.utcMs() + 600_000 });
    broker.clock.shift(601_000);
    broker.setPrice('EURUSD', 1.0989, 1.09892);
    expect(account.openMt4Orders()).toHaveLength(0);
    expect(account.closedMt4Orders()).toMatchObject([
      { ticket, type: 'buylimit', comment: 'SignalRelay abc[expiration]' },
    ]);
  });

  it('OrderModify changes price, stops and expiration; OrderDelete deletes pending orders only', () => {
    const { broker, ctx, account, send } = world();
    const { ret: ticket } = send({ type: 'selllimit', price: 1.101 });
    const modify = (price: number, sl = 0, tp = 0) =>
      orderModify(broker, ctx, { ticket, price, sl, tp });
    expect(modify(1.101)).toEqual({ ret: false, err: 1 });
    expect(modify(1.0995)).toEqual({ ret: false, err: 130 });
    expect(modify(1.1015, 1.1025, 1.1)).toEqual({ ret: true });
    expect(account.openMt4Orders()[0]).toMatchObject({ openPrice: 1.1015, sl: 1.1025, tp: 1.1 });
    const market = send({ type: 'buy', price: 1.10002, slippage: 20 }).ret;
    expect(orderDelete(broker, ctx, market)).toEqual({ ret: false, err: 4108 });
    expect(orderClose(broker, ctx, { ticket, lots: 0.1, price: 1.1, slippage: 20 })).toEqual({
      ret: false,
      err: 4108,
    });
    broker.setPrice('EURUSD', 1.10147);
    expect(orderDelete(broker, ctx, ticket)).toEqual({ ret: false, err: 145 });
    broker.setPrice('EURUSD', 1.1);
    expect(orderDelete(broker, ctx, ticket)).toEqual({ ret: true });
    expect(account.openMt4Orders().map((o) => o.ticket)).toEqual([market]);
    expect(orderDelete(broker, ctx, ticket)).toEqual({ ret: false, err: 4108 });
  });
});
