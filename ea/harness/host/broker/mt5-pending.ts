import type { Account, Mt5Order } from './account.ts';
import type { Broker } from './broker.ts';
import { addDeal, applyToPosition, transaction } from './mt5-book.ts';
import {
  accountRefusal,
  type Mt5Request,
  type Refusal,
  refuse,
  retcode,
  tradeModeRefusal,
} from './mt5-checks.ts';
import { done, refused, type SendOutcome } from './mt5-result.ts';
import { normalizePrice, volumeProblem } from './symbols.ts';
import {
  type PendingKind,
  pendingFrozen,
  pendingPriceProblem,
  pendingSide,
  pendingTriggered,
  stopsFrom,
  type TradeContext,
} from './trade-context.ts';

/**
 * MT5 pending orders: TRADE_ACTION_PENDING places a buy/sell limit or stop, TRADE_ACTION_MODIFY
 * changes its price, stops and expiration, TRADE_ACTION_REMOVE deletes it
 * (mql5.com/en/docs/constants/tradingconstants/enum_trade_request_actions). The server fills an
 * order when the quote reaches its price (a new position, or a change of the netting one) and
 * deletes it at its expiration (ORDER_TIME_SPECIFIED; mql5.com/en/docs/constants/tradingconstants/orderproperties).
 */
const kinds: Record<string, PendingKind> = {
  ORDER_TYPE_BUY_LIMIT: 'buy_limit',
  ORDER_TYPE_SELL_LIMIT: 'sell_limit',
  ORDER_TYPE_BUY_STOP: 'buy_stop',
  ORDER_TYPE_SELL_STOP: 'sell_stop',
};

/** The expiration a request asks for, UTC ms (0 = good till cancelled), or why it is refused. */
function expirationOf(broker: Broker, req: Mt5Request): number | Refusal {
  if (req.type_time === 'ORDER_TIME_GTC' || req.type_time === '') return 0;
  if (req.type_time !== 'ORDER_TIME_SPECIFIED')
    throw new Error(`host: pending orders with ${req.type_time} are not simulated`);
  const utc = broker.clock.utcOfServerMs(req.expiration * 1000);
  if (utc <= broker.clock.utcMs()) return refuse(retcode.INVALID_EXPIRATION, 'in the past');
  return utc;
}

/** Price, stops and expiration of a pending order of `kind`: what it would be, or the refusal. */
function checkLevels(broker: Broker, req: Mt5Request, kind: PendingKind): number | Refusal {
  const spec = broker.symbol(req.symbol);
  if (Math.abs(req.price - normalizePrice(spec, req.price)) > 1e-10 || !(req.price > 0))
    return refuse(retcode.INVALID_PRICE, `${req.price} has more than ${spec.digits} digits`);
  const wrongSide = pendingPriceProblem(broker, spec, kind, req.price);
  if (wrongSide) return refuse(retcode.INVALID_PRICE, wrongSide);
  const stops = stopsFrom(spec, pendingSide(kind), req.price, req.sl, req.tp);
  if (stops) return refuse(retcode.INVALID_STOPS, stops);
  return expirationOf(broker, req);
}

/** Checks a TRADE_ACTION_PENDING (OrderCheck and OrderSend). */
export function checkPending(broker: Broker, ctx: TradeContext, req: Mt5Request) {
  const spec = broker.findSymbol(req.symbol);
  if (!spec) return refuse(retcode.INVALID, `unknown symbol ${req.symbol}`);
  const kind = kinds[req.type];
  if (!kind) return refuse(retcode.INVALID_ORDER, `not a pending order type: ${req.type}`);
  const refusal = accountRefusal(ctx) ?? tradeModeRefusal(spec, pendingSide(kind), true);
  if (refusal) return refusal;
  if (!broker.quote(spec.name)) return refuse(retcode.PRICE_OFF);
  const volumeIssue = volumeProblem(spec, req.volume);
  if (volumeIssue) return refuse(retcode.INVALID_VOLUME, volumeIssue);
  const expiration = checkLevels(broker, req, kind);
  return typeof expiration === 'number' ? { kind, expiration } : expiration;
}

export function placePending(broker: Broker, ctx: TradeContext, req: Mt5Request): SendOutcome {
  const plan = checkPending(broker, ctx, req);
  if ('retcode' in plan) return refused(broker, req, plan);
  const now = broker.clock.utcMs();
  const order: Mt5Order = {
    ticket: broker.newOrderTicket(),
    type: plan.kind,
    state: 'placed',
    symbol: req.symbol,
    volumeInitial: req.volume,
    volumeCurrent: req.volume,
    priceOpen: req.price,
    sl: req.sl,
    tp: req.tp,
    setupMs: now,
    doneMs: 0,
    positionId: 0,
    magic: req.magic,
    comment: req.comment.slice(0, 31),
    expirationMs: plan.expiration,
  };
  ctx.account.orders.push(order);
  tell(broker, ctx.account, order, 'TRADE_TRANSACTION_ORDER_ADD');
  return done(broker, req.symbol, { order: order.ticket, volume: req.volume, price: req.price });
}

function pendingOrder(account: Account, req: Mt5Request): Mt5Order | Refusal {
  const order = account.orders.find((o) => o.ticket === req.order);
  return order ?? refuse(retcode.INVALID, `no pending order #${req.order}`);
}

export function removePending(broker: Broker, account: Account, req: Mt5Request): SendOutcome {
  const order = pendingOrder(account, req);
  if ('retcode' in order) return refused(broker, req, order);
  const spec = broker.symbol(order.symbol);
  if (!spec.sessionOpen) return refused(broker, req, refuse(retcode.MARKET_CLOSED));
  if (pendingFrozen(broker, spec, order.type as PendingKind, order.priceOpen))
    return refused(broker, req, refuse(retcode.FROZEN));
  finish(broker, account, order, 'canceled');
  return done(broker, order.symbol, { order: order.ticket });
}

export function modifyPending(broker: Broker, account: Account, req: Mt5Request): SendOutcome {
  const order = pendingOrder(account, req);
  if ('retcode' in order) return refused(broker, req, order);
  const spec = broker.symbol(order.symbol);
  const kind = order.type as PendingKind;
  if (!spec.sessionOpen) return refused(broker, req, refuse(retcode.MARKET_CLOSED));
  const expiration = checkLevels(broker, { ...req, symbol: order.symbol }, kind);
  if (typeof expiration !== 'number') return refused(broker, req, expiration);
  const same = (a: number, b: number) => Math.abs(a - b) < spec.point / 2;
  if (
    same(order.priceOpen, req.price) &&
    same(order.sl, req.sl) &&
    same(order.tp, req.tp) &&
    (order.expirationMs ?? 0) === expiration
  )
    return refused(broker, req, refuse(retcode.NO_CHANGES));
  if (pendingFrozen(broker, spec, kind, order.priceOpen))
    return refused(broker, req, refuse(retcode.FROZEN));
  Object.assign(order, { priceOpen: req.price, sl: req.sl, tp: req.tp, expirationMs: expiration });
  tell(broker, account, order, 'TRADE_TRANSACTION_ORDER_UPDATE');
  return done(broker, order.symbol, { order: order.ticket });
}

/** Moves a pending order to the history as `state`. */
function finish(broker: Broker, account: Account, order: Mt5Order, state: Mt5Order['state']) {
  account.orders.splice(account.orders.indexOf(order), 1);
  order.state = state;
  order.doneMs = broker.clock.utcMs();
  account.historyOrders.push(order);
  tell(broker, account, order, 'TRADE_TRANSACTION_ORDER_DELETE');
  tell(broker, account, order, 'TRADE_TRANSACTION_HISTORY_ADD');
}

function tell(broker: Broker, account: Account, o: Mt5Order, type: string) {
  broker.emitTrade(account, {
    trans: transaction({
      type,
      order: o.ticket,
      symbol: o.symbol,
      order_type: `ORDER_TYPE_${o.type.toUpperCase()}`,
      order_state: `ORDER_STATE_${o.state.toUpperCase()}`,
      time_type: o.expirationMs ? 'ORDER_TIME_SPECIFIED' : 'ORDER_TIME_GTC',
      price: o.priceOpen,
      price_sl: o.sl,
      price_tp: o.tp,
      volume: o.volumeCurrent,
      position: o.positionId,
    }),
    request: {},
    result: {},
  });
}

/**
 * Pending orders of `symbol` the new quote reaches become deals at the market price (a limit
 * fills at its price or better, a stop may slip); expired ones are deleted first. A fill without
 * the free margin it needs is rejected, as the server does.
 */
export function triggerMt5Pending(broker: Broker, symbol: string): void {
  const now = broker.clock.utcMs();
  for (const account of broker.allAccounts()) {
    if (account.kind === 'mt4') continue;
    for (const order of account.orders.filter((o) => o.symbol === symbol)) {
      const kind = order.type as PendingKind;
      if (order.expirationMs && order.expirationMs <= now) {
        finish(broker, account, order, 'expired');
        continue;
      }
      if (!pendingTriggered(broker, symbol, kind, order.priceOpen)) continue;
      const side = pendingSide(kind);
      const price = broker.closingPrice(symbol, side === 'buy' ? 'sell' : 'buy');
      if (
        broker.marginFor(account, symbol, order.volumeCurrent, price) > broker.freeMargin(account)
      ) {
        finish(broker, account, order, 'rejected');
        continue;
      }
      fill(broker, account, order, side, price);
    }
  }
}

function fill(
  broker: Broker,
  account: Account,
  order: Mt5Order,
  side: 'buy' | 'sell',
  price: number,
) {
  const now = broker.clock.utcMs();
  const existing = account.netting
    ? account.positions.find((p) => p.symbol === order.symbol)
    : undefined;
  const deal = {
    order: order.ticket,
    volume: order.volumeCurrent,
    price,
    magic: order.magic,
    comment: order.comment,
    reason: 'expert' as const,
  };
  if (existing) {
    order.positionId = existing.identifier;
    applyToPosition(broker, account, existing, { ...deal, side });
    if (existing.side === side && account.positions.includes(existing)) {
      if (order.sl > 0) existing.sl = order.sl;
      if (order.tp > 0) existing.tp = order.tp;
    }
  } else {
    order.positionId = order.ticket;
    account.positions.push({
      ticket: order.ticket,
      identifier: order.ticket,
      symbol: order.symbol,
      side,
      volume: order.volumeCurrent,
      priceOpen: price,
      sl: order.sl,
      tp: order.tp,
      openedMs: now,
      updatedMs: now,
      magic: order.magic,
      comment: order.comment,
      swap: 0,
    });
    addDeal(
      broker,
      account,
      { ...deal, positionId: order.ticket, symbol: order.symbol, type: side, entry: 'in' },
      0,
    );
  }
  order.volumeCurrent = 0;
  finish(broker, account, order, 'filled');
}
