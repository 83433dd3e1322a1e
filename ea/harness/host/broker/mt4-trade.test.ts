import { describe, expect, it } from 'vitest';
import { Broker } from './broker.ts';
import type { Mt4SendRequest } from './mt4-checks.ts';
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
  const request = (fields: Partial<Mt4SendRequest> = {}): Mt4SendRequest => ({
    symbol: 'EURUSD',
    type: 'buy',
    volume: 0.1,
    price: 1.10002,
    slippage: 20,
    sl: 0,
    tp: 0,
    comment: 'SignalRelay abc',
    magic: 7,
    ...fields,
  });
  const send = (fields: Partial<Mt4SendRequest> = {}) => orderSend(broker, ctx, request(fields));
  return { broker, account, ctx, send, request };
}

describe('MT4 OrderSend / OrderModify / OrderClose', () => {
  it('opens without stops, sets them with OrderModify, closes part and keeps the rest as a new order', () => {
    const { broker, account, ctx, send } = world();
    const { ret: ticket } = send();
    expect(ticket).toBeGreaterThan(0);
    expect(orderModify(broker, ctx, { ticket, price: 1.10002, sl: 1.099, tp: 1.102 })).toEqual({
      ret: true,
    });
    expect(orderModify(broker, ctx, { ticket, price: 1.10002, sl: 1.099, tp: 1.102 })).toEqual({
      ret: false,
      err: 1,
    });
    broker.setPrice('EURUSD', 1.1012, 1.10122);
    expect(orderClose(broker, ctx, { ticket, lots: 0.04, price: 1.1012, slippage: 20 })).toEqual({
      ret: true,
    });
    const [closed, rest] = [account.mt4Orders[0]!, account.mt4Orders[1]!];
    expect(closed).toMatchObject({
      ticket,
      lots: 0.04,
      closePrice: 1.1012,
      profit: 4.72,
      comment: `to #${rest.ticket}`,
    });
    expect(rest).toMatchObject({ lots: 0.06, closeMs: 0, sl: 1.099, comment: `from #${ticket}` });
  });

  it('refuses with MT4 error codes', () => {
    const { broker, account, ctx, send, request } = world();
    expect(send({ sl: 1.099 })).toEqual({ ret: -1, err: 130 });
    expect(send({ price: 1.1003 })).toEqual({ ret: -1, err: 138 });
    expect(send({ price: 1.100021 })).toEqual({ ret: -1, err: 129 });
    expect(send({ volume: 0.015 })).toEqual({ ret: -1, err: 131 });
    expect(send({ volume: 99 })).toEqual({ ret: -1, err: 134 });
    expect(orderSend(broker, { ...ctx, autoTrading: false }, request())).toEqual({
      ret: -1,
      err: 4109,
    });
    expect(orderSend(broker, { ...ctx, connected: false }, request())).toEqual({ ret: -1, err: 6 });
    broker.symbol('EURUSD').sessionOpen = false;
    expect(send()).toEqual({ ret: -1, err: 132 });
    broker.symbol('EURUSD').sessionOpen = true;
    broker.symbol('EURUSD').tradeMode = 'disabled';
    expect(send()).toEqual({ ret: -1, err: 133 });
    broker.symbol('EURUSD').tradeMode = 'full';
    for (const code of [4, 6, 136, 137, 146]) {
      broker.faults.next('OrderSend', { refuse: code });
      expect(send()).toEqual({ ret: -1, err: code });
    }
    expect(account.mt4Orders).toHaveLength(0);
  });

  it('stops inside the stops level (130), modification inside the freeze level (145)', () => {
    const { broker, ctx, send } = world();
    const { ret: ticket } = send();
    expect(orderModify(broker, ctx, { ticket, price: 0, sl: 1.09995, tp: 0 })).toEqual({
      ret: false,
      err: 130,
    });
    orderModify(broker, ctx, { ticket, price: 0, sl: 1.0995, tp: 0 });
    broker.setPrice('EURUSD', 1.09953, 1.09955);
    expect(orderModify(broker, ctx, { ticket, price: 0, sl: 1.099, tp: 0 })).toEqual({
      ret: false,
      err: 145,
    });
  });

  it('a fill whose reply is lost: the order exists, the caller hears error 128', () => {
    const { broker, account, send } = world();
    broker.faults.next('OrderSend', { lostReply: 128 });
    expect(send()).toEqual({ ret: -1, err: 128 });
    expect(account.openMt4Orders()).toHaveLength(1);
  });

  it('a slip fault moves the market before the check: requote (138) beyond the slippage, filled within it', () => {
    const { broker, account, send } = world();
    broker.faults.next('OrderSend', { slip: 10 });
    expect(send({ slippage: 5 })).toEqual({ ret: -1, err: 138 });
    broker.faults.next('OrderSend', { slip: 10 });
    const { ret } = send({ price: 1.10012, slippage: 10 });
    expect(account.openMt4Orders()).toMatchObject([{ ticket: ret, openPrice: 1.10022 }]);
    expect(broker.faults.pending()).toEqual({});
  });

  it('the server closes an order at its stop loss', () => {
    const { broker, account, ctx, send } = world();
    const { ret: ticket } = send();
    orderModify(broker, ctx, { ticket, price: 0, sl: 1.099, tp: 0 });
    broker.setPrice('EURUSD', 1.0989, 1.09892);
    expect(account.mt4Orders[0]).toMatchObject({
      closePrice: 1.0989,
      comment: 'SignalRelay abc[sl]',
    });
  });
});
