import type { Deal, Mt5Order, OrderType, Position } from '../broker/account.ts';
import { mql } from '../constants.ts';
import {
  type CallContext,
  emptyOf,
  type HandlerTable,
  loggedIn,
  property,
  serverMs,
  serverSeconds,
} from './call.ts';

/**
 * The MT5 properties of positions, orders and deals as the *Get* functions read them
 * (mql5.com/en/docs/constants/tradingconstants/positionproperties, orderproperties,
 * dealproperties); times go out in trade-server time, enums as the runtime's values.
 */
const orderTypeName = (t: OrderType) => `ORDER_TYPE_${t.toUpperCase()}`;

export type Getters<T> = Record<string, (c: CallContext, x: T) => unknown>;

export function positionsOf(c: CallContext): Position[] {
  return [...loggedIn(c).positions].sort((a, b) => a.openedMs - b.openedMs || a.ticket - b.ticket);
}

export const positionGetters: Getters<Position> = {
  POSITION_TICKET: (_c, p) => p.ticket,
  POSITION_IDENTIFIER: (_c, p) => p.identifier,
  POSITION_TYPE: (_c, p) => mql(p.side === 'buy' ? 'POSITION_TYPE_BUY' : 'POSITION_TYPE_SELL'),
  POSITION_MAGIC: (_c, p) => p.magic,
  POSITION_TIME: (c, p) => serverSeconds(c, p.openedMs),
  POSITION_TIME_MSC: (c, p) => serverMs(c, p.openedMs),
  POSITION_TIME_UPDATE: (c, p) => serverSeconds(c, p.updatedMs),
  POSITION_TIME_UPDATE_MSC: (c, p) => serverMs(c, p.updatedMs),
  POSITION_REASON: () => mql('POSITION_REASON_EXPERT'),
  POSITION_VOLUME: (_c, p) => p.volume,
  POSITION_PRICE_OPEN: (_c, p) => p.priceOpen,
  POSITION_PRICE_CURRENT: (c, p) => c.broker.closingPrice(p.symbol, p.side),
  POSITION_SL: (_c, p) => p.sl,
  POSITION_TP: (_c, p) => p.tp,
  POSITION_SWAP: (_c, p) => p.swap,
  POSITION_PROFIT: (c, p) =>
    c.broker.profit(
      p.symbol,
      p.side,
      p.volume,
      p.priceOpen,
      c.broker.closingPrice(p.symbol, p.side),
    ),
  POSITION_SYMBOL: (_c, p) => p.symbol,
  POSITION_COMMENT: (_c, p) => p.comment,
  POSITION_EXTERNAL_ID: () => '',
};

export const orderGetters: Getters<Mt5Order> = {
  ORDER_TICKET: (_c, o) => o.ticket,
  ORDER_TYPE: (_c, o) => mql(orderTypeName(o.type)),
  ORDER_STATE: (_c, o) => mql(`ORDER_STATE_${o.state.toUpperCase()}`),
  ORDER_MAGIC: (_c, o) => o.magic,
  ORDER_POSITION_ID: (_c, o) => o.positionId,
  ORDER_TIME_SETUP: (c, o) => serverSeconds(c, o.setupMs),
  ORDER_TIME_SETUP_MSC: (c, o) => serverMs(c, o.setupMs),
  ORDER_TIME_DONE: (c, o) => (o.doneMs ? serverSeconds(c, o.doneMs) : 0),
  ORDER_TIME_DONE_MSC: (c, o) => (o.doneMs ? serverMs(c, o.doneMs) : 0),
  ORDER_TIME_EXPIRATION: (c, o) => (o.expirationMs ? serverSeconds(c, o.expirationMs) : 0),
  ORDER_TYPE_TIME: (_c, o) => mql(o.expirationMs ? 'ORDER_TIME_SPECIFIED' : 'ORDER_TIME_GTC'),
  ORDER_VOLUME_INITIAL: (_c, o) => o.volumeInitial,
  ORDER_VOLUME_CURRENT: (_c, o) => o.volumeCurrent,
  ORDER_PRICE_OPEN: (_c, o) => o.priceOpen,
  ORDER_PRICE_CURRENT: (c, o) => c.broker.quote(o.symbol)?.bid ?? 0,
  ORDER_SL: (_c, o) => o.sl,
  ORDER_TP: (_c, o) => o.tp,
  ORDER_SYMBOL: (_c, o) => o.symbol,
  ORDER_COMMENT: (_c, o) => o.comment,
};

export const dealGetters: Getters<Deal> = {
  DEAL_TICKET: (_c, d) => d.ticket,
  DEAL_ORDER: (_c, d) => d.order,
  DEAL_TIME: (c, d) => serverSeconds(c, d.timeMs),
  DEAL_TIME_MSC: (c, d) => serverMs(c, d.timeMs),
  DEAL_TYPE: (_c, d) => mql(`DEAL_TYPE_${d.type.toUpperCase()}`),
  DEAL_ENTRY: (_c, d) => mql(`DEAL_ENTRY_${d.entry.toUpperCase()}`),
  DEAL_MAGIC: (_c, d) => d.magic,
  DEAL_REASON: (_c, d) => mql(`DEAL_REASON_${d.reason.toUpperCase()}`),
  DEAL_POSITION_ID: (_c, d) => d.positionId,
  DEAL_VOLUME: (_c, d) => d.volume,
  DEAL_PRICE: (_c, d) => d.price,
  DEAL_COMMISSION: (_c, d) => d.commission,
  DEAL_SWAP: (_c, d) => d.swap,
  DEAL_PROFIT: (_c, d) => d.profit,
  DEAL_FEE: (_c, d) => d.fee,
  DEAL_SYMBOL: (_c, d) => d.symbol,
  DEAL_COMMENT: (_c, d) => d.comment,
  DEAL_EXTERNAL_ID: () => '',
};

/** A getter of the selected item (`pick`), or of the history item whose ticket is the first argument. */
export function getter<T>(
  call: string,
  getters: Getters<T>,
  pick: (c: CallContext, args: unknown[]) => T | undefined,
  propAt: number,
  err: number,
) {
  return (c: CallContext, args: unknown[]) => {
    const prop = String(args[propAt]);
    const get = getters[prop];
    if (!get) throw new Error(`host: no ${call}(${prop})`);
    const item = pick(c, args);
    return property(
      args,
      propAt + 1,
      item === undefined ? undefined : get(c, item),
      err,
      emptyOf(call),
    );
  };
}

/** `<prefix>GetDouble`, `<prefix>GetInteger` and `<prefix>GetString` of the same item. */
export function propertyGetters<T>(
  prefix: string,
  getters: Getters<T>,
  pick: (c: CallContext, args: unknown[]) => T | undefined,
  propAt: number,
  err: number,
): HandlerTable {
  const calls: HandlerTable = {};
  for (const type of ['Double', 'Integer', 'String']) {
    const call = `${prefix}Get${type}`;
    calls[call] = getter(call, getters, pick, propAt, err);
  }
  return calls;
}
