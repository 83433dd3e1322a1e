import { describe, expect, it } from 'vitest';
import type { AccountKind } from './account.ts';
import { Broker } from './broker.ts';
import type { Mt5Request } from './mt5-checks.ts';
import { orderCheck, orderSend } from './mt5-trade.ts';
import type { TradeContext } from './trade-context.ts';

function world(kind: AccountKind = 'mt5-hedging') {
  const broker = new Broker();
  broker.addSymbol({ name: 'EURUSD', bid: 1.1, ask: 1.10002, stopsLevel: 10, freezeLevel: 5 });
  const account = broker.addAccount({ login: 5012345, kind, balance: 10_000 });
  const ctx: TradeContext = { account, connected: true, autoTrading: true, eaTradeAllowed: true };
  const send = (fields: Partial<Mt5Request>) => orderSend(broker, ctx, request(fields));
  return { broker, account, ctx, send };
}

const request = (fields: Partial<Mt5Request>): Mt5Request => ({
  action: 'TRADE_ACTION_PENDING',
  magic: 7,
  order: 0,
  symbol: 'EURUSD',
  volume: 0.1,
  price: 1.099,
  stoplimit: 0,
  sl: 0,
  tp: 0,
  deviation: 0,
  type: 'ORDER_TYPE_BUY_LIMIT',
  type_filling: 'ORDER_FILLING_RETURN',
  type_time: 'ORDER_TIME_GTC',
  expiration: 0,
  comment: 'SignalRelay abc',
  position: 0,
  position_by: 0,
  ...fields,
});

describe('MT5 pending orders', () => {
  it('places a buy limit below the ask, fills it into a position with its stops when the ask reaches it', () => {
    const { broker, account, send } = world();
    const placed = send({ sl: 1.098, tp: 1.101 });
    expect(placed).toMatchObject({ ok: true, result: { retcode: 10009 } });
    const ticket = placed.result.order;
    expect(account.orders).toMatchObject([{ ticket, type: 'buy_limit', state: 'placed' }]);
    broker.setPrice('EURUSD', 1.0995, 1.09952);
    expect(account.orders).toHaveLength(1);
    broker.setPrice('EURUSD', 1.09898, 1.099);
    expect(account.orders).toHaveLength(0);
    expect(account.positions).toMatchObject([
      { ticket, identifier: ticket, side: 'buy', priceOpen: 1.099, sl: 1.098, tp: 1.101 },
    ]);
    expect(account.historyOrders).toMatchObject([{ ticket, state: 'filled', positionId: ticket }]);
    expect(account.deals).toMatchObject([{ order: ticket, entry: 'in', positionId: ticket }]);
  });

  it('refuses a price on the wrong side of the market or inside the stops level with 10015', () => {
    const { send, account } = world();
    const wrong = send({ type: 'ORDER_TYPE_BUY_LIMIT', price: 1.101 });
    expect(wrong).toMatchObject({ ok: false, err: 4756, result: { retcode: 10015 } });
    expect(wrong.result.comment).toMatch(/buy limit at 1.101 must be below the ask 1.10002/);
    expect(send({ type: 'ORDER_TYPE_SELL_STOP', price: 1.10005 }).result.retcode).toBe(10015);
    expect(send({ type: 'ORDER_TYPE_BUY_STOP', price: 1.10008 }).result.retcode).toBe(10015);
    expect(send({ type: 'ORDER_TYPE_SELL_LIMIT', price: 1.0999 }).result.retcode).toBe(10015);
    expect(send({ price: 1.0990001 }).result.retcode).toBe(10015);
    // Stops are measured from the order's price.
    expect(send({ price: 1.099, sl: 1.09895 }).result.retcode).toBe(10016);
    expect(send({ price: 1.099, tp: 1.0985 }).result.retcode).toBe(10016);
    expect(send({ volume: 0.015 }).result.retcode).toBe(10014);
    expect(send({ type: 'ORDER_TYPE_BUY' }).result.retcode).toBe(10035);
    expect(account.orders).toHaveLength(0);
  });

  it('OrderCheck runs the same checks', () => {
    const { broker, ctx } = world();
    expect(orderCheck(broker, ctx, request({ price: 1.101 })).check.retcode).toBe(10015);
    expect(orderCheck(broker, ctx, request({})).ok).toBe(true);
  });

  it('expires at ORDER_TIME_SPECIFIED; an expiration in the past is 10022', () => {
    const { broker, account, send } = world();
    const serverNow = Math.floor(broker.clock.serverMs(broker.clock.utcMs()) / 1000);
    expect(
      send({ type_time: 'ORDER_TIME_SPECIFIED', expiration: serverNow - 60 }).result.retcode,
    ).toBe(10022);
    const placed = send({ type_time: 'ORDER_TIME_SPECIFIED', expiration: serverNow + 600 });
    expect(placed.ok).toBe(true);
    broker.clock.shift(601_000);
    broker.setPrice('EURUSD', 1.1001);
    expect(account.orders).toHaveLength(0);
    expect(account.historyOrders).toMatchObject([
      { ticket: placed.result.order, state: 'expired' },
    ]);
    expect(account.positions).toHaveLength(0);
  });

  it('modifies price, stops and expiration, removes, and keeps the freeze level', () => {
    const { broker, account, send } = world();
    const { order } = send({ type: 'ORDER_TYPE_SELL_STOP', price: 1.099 }).result;
    const modify = (fields: Partial<Mt5Request>) =>
      send({ action: 'TRADE_ACTION_MODIFY', order, type: 'ORDER_TYPE_SELL_STOP', ...fields });
    expect(modify({ price: 1.099 }).result.retcode).toBe(10025);
    expect(modify({ price: 1.1005 }).result.retcode).toBe(10015);
    expect(modify({ price: 1.0985, sl: 1.0995, tp: 1.097 }).result.retcode).toBe(10009);
    expect(account.orders[0]).toMatchObject({ priceOpen: 1.0985, sl: 1.0995, tp: 1.097 });
    expect(send({ action: 'TRADE_ACTION_REMOVE', order: 1 }).result.retcode).toBe(10013);
    broker.setPrice('EURUSD', 1.09853, 1.09855);
    expect(send({ action: 'TRADE_ACTION_REMOVE', order }).result.retcode).toBe(10029);
    broker.setPrice('EURUSD', 1.1, 1.10002);
    expect(send({ action: 'TRADE_ACTION_REMOVE', order }).result.retcode).toBe(10009);
    expect(account.orders).toHaveLength(0);
    expect(account.historyOrders).toMatchObject([{ ticket: order, state: 'canceled' }]);
  });

  it('on netting a filled order adds to the symbol position (or reverses it) under its id', () => {
    const { broker, account, send } = world('mt5-netting');
    const open = send({
      action: 'TRADE_ACTION_DEAL',
      type: 'ORDER_TYPE_SELL',
      price: 1.1,
      type_filling: 'ORDER_FILLING_FOK',
    });
    const id = open.result.order;
    send({ type: 'ORDER_TYPE_BUY_STOP', price: 1.101, volume: 0.3, sl: 1.1, tp: 1.103 });
    broker.setPrice('EURUSD', 1.101, 1.10102);
    expect(account.positions).toMatchObject([
      { identifier: id, side: 'buy', volume: 0.2, sl: 1.1, tp: 1.103, priceOpen: 1.10102 },
    ]);
    expect(account.deals.at(-1)).toMatchObject({ entry: 'inout', volume: 0.3 });
  });
});
