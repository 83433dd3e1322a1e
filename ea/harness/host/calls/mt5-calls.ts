import type { Account, Position } from '../broker/account.ts';
import type { Mt5Request } from '../broker/mt5-checks.ts';
import { orderCheck, orderSend } from '../broker/mt5-trade.ts';
import { enumName } from '../constants.ts';
import {
  type CallContext,
  type HandlerTable,
  loggedIn,
  num,
  obj,
  type Session,
  str,
  tradeContext,
} from './call.ts';
import {
  dealGetters,
  type Getters,
  orderGetters,
  positionGetters,
  positionsOf,
  propertyGetters,
} from './mt5-properties.ts';

/**
 * MT5 trade and history functions (mql5.com/en/docs/trading): OrderSend/OrderCheck,
 * OrderCalcProfit, positions (PositionSelect*, PositionGet*), pending orders (OrderGet*), and
 * the history selection (HistorySelect, HistorySelectByPosition, HistoryDeal*, HistoryOrder*).
 * Selecting copies the item into the program, as MQL does: later getters read that copy.
 */

/** ERR_TRADE_POSITION_NOT_FOUND, ERR_TRADE_ORDER_NOT_FOUND, ERR_TRADE_DEAL_NOT_FOUND. */
const errPosition = 4753;
const errOrder = 4754;
const errDeal = 4755;

function request(raw: Record<string, unknown>): Mt5Request {
  const n = (k: string) => (typeof raw[k] === 'number' ? (raw[k] as number) : 0);
  const s = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
  return {
    action: s('action'),
    magic: n('magic'),
    order: n('order'),
    symbol: s('symbol'),
    volume: n('volume'),
    price: n('price'),
    stoplimit: n('stoplimit'),
    sl: n('sl'),
    tp: n('tp'),
    deviation: n('deviation'),
    type: s('type'),
    type_filling: s('type_filling'),
    type_time: s('type_time'),
    expiration: n('expiration'),
    comment: s('comment'),
    position: n('position'),
    position_by: n('position_by'),
  };
}

const selectPosition = (c: CallContext, p: Position | undefined) => {
  c.session.position = p && { ...p };
  return p ? { ret: true } : { ret: false, err: errPosition };
};

type History = Pick<Session, 'historyDeals' | 'historyOrders'>;

/**
 * The calls of one list of the history selection (`HistoryDeal…` or `HistoryOrder…`): its
 * count, the ticket at an index, selecting one item by ticket (which replaces the list with that
 * item, mql5.com/en/docs/trading/historydealselect), and the properties of an item by ticket.
 */
function historyCalls<K extends keyof History>(
  prefix: string,
  list: K,
  ofAccount: (a: Account) => History[K],
  getters: Getters<History[K][number]>,
  err: number,
): HandlerTable {
  return {
    [`${prefix}sTotal`]: (c) => ({ ret: c.session[list].length }),
    [`${prefix}GetTicket`]: (c, args) => ({
      ret: c.session[list][num(args, 0, `${prefix}GetTicket`)]?.ticket ?? 0,
    }),
    [`${prefix}Select`]: (c, args) => {
      const item = ofAccount(loggedIn(c)).find((x) => x.ticket === args[0]);
      const history: History = c.session;
      history[list] = (item ? [{ ...item }] : []) as History[K];
      return item ? { ret: true } : { ret: false, err };
    },
    ...propertyGetters(
      prefix,
      getters,
      (c, args) => c.session[list].find((x) => x.ticket === args[0]),
      1,
      err,
    ),
  };
}

export const mt5Calls: HandlerTable = {
  OrderSend: (c, args) => {
    const { ok, result, err } = orderSend(
      c.broker,
      tradeContext(c),
      request(obj(args, 0, 'OrderSend')),
    );
    return { ret: ok, ...(err ? { err } : {}), out: { result } };
  },
  OrderCheck: (c, args) => {
    const { ok, check } = orderCheck(
      c.broker,
      tradeContext(c),
      request(obj(args, 0, 'OrderCheck')),
    );
    return { ret: ok, out: { result: check } };
  },
  OrderCalcProfit: (c, args) => {
    const type = enumName(args[0], ['ORDER_TYPE_BUY', 'ORDER_TYPE_SELL'], 'OrderCalcProfit');
    const symbol = str(args, 1, 'OrderCalcProfit');
    if (!c.broker.findSymbol(symbol))
      return { ret: false, err: 4301, out: { profit: 0, value: 0 } };
    const profit = c.broker.profit(
      symbol,
      type === 'ORDER_TYPE_BUY' ? 'buy' : 'sell',
      num(args, 2, 'OrderCalcProfit'),
      num(args, 3, 'OrderCalcProfit'),
      num(args, 4, 'OrderCalcProfit'),
    );
    return { ret: true, out: { profit, value: profit } };
  },

  PositionsTotal: (c) => ({ ret: positionsOf(c).length }),
  PositionGetTicket: (c, args) => {
    const p = positionsOf(c)[num(args, 0, 'PositionGetTicket')];
    selectPosition(c, p);
    return p ? { ret: p.ticket } : { ret: 0, err: errPosition };
  },
  PositionSelect: (c, args) => {
    const symbol = str(args, 0, 'PositionSelect');
    // Hedging: the position with the lowest ticket (mql5.com/en/docs/trading/positionselect).
    return selectPosition(
      c,
      positionsOf(c)
        .filter((p) => p.symbol === symbol)
        .sort((a, b) => a.ticket - b.ticket)[0],
    );
  },
  PositionSelectByTicket: (c, args) =>
    selectPosition(
      c,
      loggedIn(c).positions.find((p) => p.ticket === args[0]),
    ),
  ...propertyGetters('Position', positionGetters, (c) => c.session.position, 0, errPosition),

  OrdersTotal: (c) => ({ ret: loggedIn(c).orders.length }),
  OrderGetTicket: (c, args) => {
    const o = loggedIn(c).orders[num(args, 0, 'OrderGetTicket')];
    c.session.order = o && { ...o };
    return o ? { ret: o.ticket } : { ret: 0, err: errOrder };
  },
  OrderSelect: (c, args) => {
    const o = loggedIn(c).orders.find((x) => x.ticket === args[0]);
    c.session.order = o && { ...o };
    return o ? { ret: true } : { ret: false, err: errOrder };
  },
  ...propertyGetters('Order', orderGetters, (c) => c.session.order, 0, errOrder),

  HistorySelect: (c, args) => {
    const from = c.broker.clock.utcOfServerMs(num(args, 0, 'HistorySelect') * 1000);
    const to = c.broker.clock.utcOfServerMs(num(args, 1, 'HistorySelect') * 1000);
    const account = loggedIn(c);
    c.session.historyDeals = account.deals
      .filter((d) => d.timeMs >= from && d.timeMs <= to + 999)
      .map((d) => ({ ...d }));
    c.session.historyOrders = account.historyOrders
      .filter((o) => o.setupMs >= from && o.setupMs <= to + 999)
      .map((o) => ({ ...o }));
    return { ret: true };
  },
  HistorySelectByPosition: (c, args) => {
    const account = loggedIn(c);
    c.session.historyDeals = account.deals
      .filter((d) => d.positionId === args[0])
      .map((d) => ({ ...d }));
    c.session.historyOrders = account.historyOrders
      .filter((o) => o.positionId === args[0])
      .map((o) => ({ ...o }));
    return { ret: true };
  },
  ...historyCalls('HistoryDeal', 'historyDeals', (a) => a.deals, dealGetters, errDeal),
  ...historyCalls('HistoryOrder', 'historyOrders', (a) => a.historyOrders, orderGetters, errOrder),
};
