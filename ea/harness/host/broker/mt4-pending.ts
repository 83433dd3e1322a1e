import type { Account, Mt4Order } from './account.ts';
import type { Broker } from './broker.ts';
import {
  clientRefusal,
  type Mt4Outcome,
  type Mt4SendRequest,
  mt4Error,
  sideOf,
} from './mt4-checks.ts';
import { normalizePrice, type SymbolSpec } from './symbols.ts';
import {
  type PendingKind,
  pendingFrozen,
  pendingPriceProblem,
  pendingSide,
  pendingTriggered,
  roundMoney,
  stopsFrom,
  type TradeContext,
} from './trade-context.ts';

/**
 * MT4 pending orders: OrderSend with OP_BUYLIMIT, OP_SELLLIMIT, OP_BUYSTOP, OP_SELLSTOP and an
 * expiration, OrderModify of their price, stops and expiration, OrderDelete
 * (docs.mql4.com/trading/ordersend, ordermodify, orderdelete). The rules of
 * docs.mql4.com/appendixes/tradingrules: an open price on the wrong side of the market or
 * nearer than the stops level is error 130, like stops nearer than it to the open price; a
 * price within the freeze level may not be changed or deleted (145). A triggered order keeps
 * its ticket and becomes a buy or a sell at the market price; at its expiration the server
 * deletes it.
 */
export type Mt4ModifyRequest = {
  ticket: number;
  price: number;
  sl: number;
  tp: number;
  /** Pending orders: UTC ms; absent or 0 = none. */
  expirationMs?: number;
};

const kindOf = (o: { type: string }) => o.type.replace(/(limit|stop)$/, '_$1') as PendingKind;

/** Why a pending order at `price` with these stops and expiration is refused, or undefined. */
function levelsProblem(
  broker: Broker,
  spec: SymbolSpec,
  kind: PendingKind,
  r: { price: number; sl: number; tp: number; expirationMs?: number },
): number | undefined {
  if (!(r.price > 0) || Math.abs(r.price - normalizePrice(spec, r.price)) > 1e-10)
    return mt4Error.INVALID_PRICE;
  if (pendingPriceProblem(broker, spec, kind, r.price)) return mt4Error.INVALID_STOPS;
  if (stopsFrom(spec, pendingSide(kind), r.price, r.sl, r.tp)) return mt4Error.INVALID_STOPS;
  if (r.expirationMs && r.expirationMs <= broker.clock.utcMs())
    return mt4Error.INVALID_TRADE_PARAMETERS;
  return undefined;
}

/** OrderSend of a pending order, once the checks every order meets have passed. */
export function sendPending(
  broker: Broker,
  account: Account,
  spec: SymbolSpec,
  req: Mt4SendRequest,
): Mt4Outcome<number> {
  const problem = levelsProblem(broker, spec, kindOf(req), req);
  if (problem) return { ret: -1, err: problem };
  const fault = broker.faults.take('OrderSend');
  const order: Mt4Order = {
    ticket: broker.newOrderTicket(),
    symbol: spec.name,
    type: req.type,
    lots: req.volume,
    openPrice: req.price,
    openMs: broker.clock.utcMs(),
    sl: req.sl,
    tp: req.tp,
    closePrice: 0,
    closeMs: 0,
    commission: 0,
    swap: 0,
    profit: 0,
    magic: req.magic,
    comment: req.comment.slice(0, 31),
    expirationMs: req.expirationMs ?? 0,
  };
  account.mt4Orders.push(order);
  if (fault && 'lostReply' in fault) return { ret: -1, err: fault.lostReply };
  return { ret: order.ticket };
}

/** OrderModify of a pending order: its price, stops and expiration. */
export function modifyPending(
  broker: Broker,
  order: Mt4Order,
  req: Mt4ModifyRequest,
): Mt4Outcome<boolean> {
  const fail = (err: number) => ({ ret: false, err });
  const spec = broker.symbol(order.symbol);
  if (!spec.sessionOpen) return fail(mt4Error.MARKET_CLOSED);
  const same = (a: number, b: number) => Math.abs(a - b) < spec.point / 2;
  if (
    same(order.openPrice, req.price) &&
    same(order.sl, req.sl) &&
    same(order.tp, req.tp) &&
    (order.expirationMs ?? 0) === (req.expirationMs ?? 0)
  )
    return fail(mt4Error.NO_RESULT);
  const problem = levelsProblem(broker, spec, kindOf(order), req);
  if (problem) return fail(problem);
  if (pendingFrozen(broker, spec, kindOf(order), order.openPrice))
    return fail(mt4Error.TRADE_MODIFY_DENIED);
  broker.faults.take('OrderModify');
  Object.assign(order, {
    openPrice: req.price,
    sl: req.sl,
    tp: req.tp,
    expirationMs: req.expirationMs ?? 0,
  });
  return { ret: true };
}

/** OrderDelete: a pending order leaves for the history; a market order is not one (4108). */
export function orderDelete(
  broker: Broker,
  ctx: TradeContext,
  ticket: number,
): Mt4Outcome<boolean> {
  const fail = (err: number) => ({ ret: false, err });
  const order = ctx.account.mt4Orders.find((o) => o.ticket === ticket && o.closeMs === 0);
  if (!order || order.type === 'buy' || order.type === 'sell') return fail(mt4Error.INVALID_TICKET);
  const client = clientRefusal(broker, ctx, 'OrderDelete');
  if (client) return fail(client);
  const spec = broker.symbol(order.symbol);
  if (!spec.sessionOpen) return fail(mt4Error.MARKET_CLOSED);
  if (pendingFrozen(broker, spec, kindOf(order), order.openPrice))
    return fail(mt4Error.TRADE_MODIFY_DENIED);
  close(broker, order, '');
  return { ret: true };
}

/** A pending order leaves for the history; the server's own deletions note why in the comment. */
function close(broker: Broker, order: Mt4Order, note: '' | '[expiration]' | '[no money]') {
  order.closeMs = broker.clock.utcMs();
  order.closePrice = broker.closingPrice(order.symbol, sideOf(order.type));
  order.comment = `${order.comment}${note}`;
}

/**
 * Pending orders of `symbol` the new quote reaches become market orders at that price, keeping
 * their ticket (the commission is charged then); expired ones are deleted first, and so is one
 * without the free margin it needs.
 */
export function triggerMt4Pending(broker: Broker, symbol: string): void {
  const now = broker.clock.utcMs();
  for (const account of broker.allAccounts()) {
    if (account.kind !== 'mt4') continue;
    for (const o of account.openMt4Orders()) {
      if (o.symbol !== symbol || o.type === 'buy' || o.type === 'sell') continue;
      if (o.expirationMs && o.expirationMs <= now) {
        close(broker, o, '[expiration]');
        continue;
      }
      if (!pendingTriggered(broker, symbol, kindOf(o), o.openPrice)) continue;
      const side = sideOf(o.type);
      const price = broker.closingPrice(symbol, side === 'buy' ? 'sell' : 'buy');
      if (broker.marginFor(account, symbol, o.lots, price) > broker.freeMargin(account)) {
        close(broker, o, '[no money]');
        continue;
      }
      const spec = broker.symbol(symbol);
      Object.assign(o, {
        type: side,
        openPrice: price,
        openMs: now,
        expirationMs: 0,
        commission: roundMoney(-Math.abs(spec.commissionPerLot) * o.lots * 2),
      });
      account.balance = roundMoney(account.balance + o.commission);
    }
  }
}
