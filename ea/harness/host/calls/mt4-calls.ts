import type { Mt4Order, Mt4OrderType } from '../broker/account.ts';
import type { Broker } from '../broker/broker.ts';
import type { Mt4Outcome } from '../broker/mt4-checks.ts';
import { orderDelete } from '../broker/mt4-pending.ts';
import { orderClose, orderModify, orderSend } from '../broker/mt4-trade.ts';
import type { TradeContext } from '../broker/trade-context.ts';
import { enumName, mql } from '../constants.ts';
import {
  type CallContext,
  type Handler,
  type HandlerTable,
  loggedIn,
  num,
  type Reply,
  type Session,
  serverSeconds,
  str,
  tradeContext,
} from './call.ts';

/**
 * MT4 trade functions (docs.mql4.com/trading): OrderSend, OrderModify, OrderClose, OrderDelete, and the
 * order pool read through OrderSelect and the Order*() getters. OrderSelect copies the order
 * into the program (docs.mql4.com/trading/orderselect). The history pool holds what the
 * terminal's Account History tab shows (Terminal.mt4HistoryDays).
 */
const opNames = [
  'OP_BUY',
  'OP_SELL',
  'OP_BUYLIMIT',
  'OP_SELLLIMIT',
  'OP_BUYSTOP',
  'OP_SELLSTOP',
] as const;
const typeOfOp = (op: (typeof opNames)[number]) => op.slice(3).toLowerCase() as Mt4OrderType;

/** A datetime argument (trade-server seconds) as UTC ms; 0 or absent stays 0 (none). */
const utcOfServerSeconds = (c: CallContext, v: unknown) =>
  typeof v === 'number' && v > 0 ? c.broker.clock.utcOfServerMs(v * 1000) : 0;

/** ERR_NO_ORDER_SELECTED (docs.mql4.com/constants/errorswarnings/errorcodes). */
const errNoOrderSelected = 4105;

function historyPool(c: CallContext): Mt4Order[] {
  const days = c.terminal.mt4HistoryDays;
  const from = days === null ? 0 : c.broker.clock.utcMs() - days * 86_400_000;
  return loggedIn(c)
    .closedMt4Orders()
    .filter((o) => o.closeMs >= from)
    .sort((a, b) => a.closeMs - b.closeMs || a.ticket - b.ticket);
}

/** ERR_INVALID_TICKET for a ticket, ERR_INVALID_FUNCTION_PARAMVALUE for a position out of range. */
function select(c: CallContext, order: Mt4Order | undefined, err: number): Reply {
  if (!order) {
    c.session.mt4Order = undefined;
    return { ret: false, err };
  }
  const open = order.closeMs === 0;
  const market = order.type === 'buy' || order.type === 'sell';
  const closingPrice =
    open && market
      ? c.broker.closingPrice(order.symbol, order.type as 'buy' | 'sell')
      : order.closePrice;
  c.session.mt4Order = {
    ...order,
    closingPrice,
    floating:
      open && market
        ? c.broker.profit(
            order.symbol,
            order.type as 'buy' | 'sell',
            order.lots,
            order.openPrice,
            closingPrice,
          )
        : order.profit,
  };
  return { ret: true };
}

/**
 * A call that trades: `read` makes the broker's request from the arguments, numbers through
 * `n(index)` (which names the call when one is missing); the broker's error, if any, is the
 * call's _LastError.
 */
function tradeCall<A>(
  what: string,
  trade: (broker: Broker, ctx: TradeContext, request: A) => Mt4Outcome<unknown>,
  read: (n: (index: number) => number, args: unknown[], c: CallContext) => A,
): Handler {
  return (c, args) => {
    const request = read((index) => num(args, index, what), args, c);
    const { ret, err } = trade(c.broker, tradeContext(c), request);
    return err ? { ret, err } : { ret };
  };
}

type Selected = NonNullable<Session['mt4Order']>;
const selected =
  (read: (o: Selected, c: CallContext) => unknown, empty: 0 | '' = 0) =>
  (c: CallContext): Reply => {
    const o = c.session.mt4Order;
    return o ? { ret: read(o, c) } : { ret: empty, err: errNoOrderSelected };
  };

export const mt4Calls: HandlerTable = {
  OrderSend: tradeCall('OrderSend', orderSend, (n, args, c) => {
    const op = enumName(args[1], opNames, 'OrderSend');
    return {
      symbol: str(args, 0, 'OrderSend'),
      type: typeOfOp(op),
      volume: n(2),
      price: n(3),
      slippage: n(4),
      sl: n(5),
      tp: n(6),
      comment: typeof args[7] === 'string' ? args[7] : '',
      magic: typeof args[8] === 'number' ? args[8] : 0,
      expirationMs: utcOfServerSeconds(c, args[9]),
    };
  }),
  OrderModify: tradeCall('OrderModify', orderModify, (n, args, c) => ({
    ticket: n(0),
    price: n(1),
    sl: n(2),
    tp: n(3),
    expirationMs: utcOfServerSeconds(c, args[4]),
  })),
  OrderClose: tradeCall('OrderClose', orderClose, (n) => ({
    ticket: n(0),
    lots: n(1),
    price: n(2),
    slippage: n(3),
  })),
  OrderDelete: tradeCall('OrderDelete', orderDelete, (n) => n(0)),
  OrderSelect: (c, args) => {
    const by = enumName(args[1], ['SELECT_BY_POS', 'SELECT_BY_TICKET'], 'OrderSelect');
    const index = num(args, 0, 'OrderSelect');
    if (by === 'SELECT_BY_TICKET')
      return select(
        c,
        loggedIn(c).mt4Orders.find((o) => o.ticket === index),
        4108,
      );
    const pool = enumName(args[2] ?? 'MODE_TRADES', ['MODE_TRADES', 'MODE_HISTORY'], 'OrderSelect');
    return select(
      c,
      (pool === 'MODE_TRADES' ? loggedIn(c).openMt4Orders() : historyPool(c))[index],
      4051,
    );
  },
  OrdersTotal: (c) => ({ ret: loggedIn(c).openMt4Orders().length }),
  OrdersHistoryTotal: (c) => ({ ret: historyPool(c).length }),
  OrderTicket: selected((o) => o.ticket),
  OrderSymbol: selected((o) => o.symbol, ''),
  OrderType: selected((o) => mql(`OP_${o.type.toUpperCase()}`)),
  OrderLots: selected((o) => o.lots),
  OrderOpenPrice: selected((o) => o.openPrice),
  OrderOpenTime: selected((o, c) => serverSeconds(c, o.openMs)),
  OrderClosePrice: selected((o) => o.closingPrice),
  OrderCloseTime: selected((o, c) => (o.closeMs ? serverSeconds(c, o.closeMs) : 0)),
  OrderStopLoss: selected((o) => o.sl),
  OrderTakeProfit: selected((o) => o.tp),
  OrderProfit: selected((o) => o.floating),
  OrderCommission: selected((o) => o.commission),
  OrderSwap: selected((o) => o.swap),
  OrderMagicNumber: selected((o) => o.magic),
  OrderComment: selected((o) => o.comment, ''),
  OrderExpiration: selected((o, c) => (o.expirationMs ? serverSeconds(c, o.expirationMs) : 0)),
};
