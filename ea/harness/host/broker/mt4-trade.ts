import type { Account, Mt4Order, Side } from './account.ts';
import type { Broker } from './broker.ts';
import {
  clientRefusal,
  type Mt4Outcome,
  type Mt4SendRequest,
  mt4Error,
  openingRefusal,
  priceProblem,
  sideOf,
} from './mt4-checks.ts';
import { type Mt4ModifyRequest, modifyPending, sendPending } from './mt4-pending.ts';
import { volumeProblem } from './symbols.ts';
import {
  frozen,
  roundMoney,
  roundVolume,
  stopsProblem,
  type TradeContext,
} from './trade-context.ts';

/**
 * MT4 trading: OrderSend, OrderModify, OrderClose (docs.mql4.com/trading/ordersend,
 * docs.mql4.com/trading/ordermodify, docs.mql4.com/trading/orderclose) with the trading rules
 * of docs.mql4.com/appendixes/tradingrules and the error codes of
 * docs.mql4.com/constants/errorswarnings/errorcodes. A partial close leaves the rest open as
 * a new order ("from #old"), as MT4 does. Pending orders: mt4-pending.ts.
 */
export function orderSend(
  broker: Broker,
  ctx: TradeContext,
  req: Mt4SendRequest,
): Mt4Outcome<number> {
  const fail = (err: number) => ({ ret: -1, err });
  const client = clientRefusal(broker, ctx, 'OrderSend');
  if (client) return fail(client);
  const account = ctx.account;
  const spec = broker.findSymbol(req.symbol);
  if (!spec) return fail(mt4Error.UNKNOWN_SYMBOL);
  broker.slipBefore('OrderSend', spec.name);
  const refusal = openingRefusal(broker, ctx, spec, sideOf(req.type), req.volume);
  if (refusal) return fail(refusal);
  if (req.type !== 'buy' && req.type !== 'sell') return sendPending(broker, account, spec, req);
  const side: Side = req.type;
  const q = broker.quote(spec.name)!;
  const market = side === 'buy' ? q.ask : q.bid;
  const badPrice = priceProblem(spec, req.price, market, req.slippage);
  if (badPrice) return fail(badPrice);
  // Market-execution (ECN) servers take no stops with the order itself.
  if (spec.execution === 'market' && (req.sl > 0 || req.tp > 0))
    return fail(mt4Error.INVALID_STOPS);
  if (stopsProblem(broker, spec, side, req.sl, req.tp)) return fail(mt4Error.INVALID_STOPS);
  if (broker.marginFor(account, spec.name, req.volume, market) > broker.freeMargin(account))
    return fail(mt4Error.NOT_ENOUGH_MONEY);
  const fault = broker.faults.take('OrderSend');
  const order: Mt4Order = {
    ticket: broker.newOrderTicket(),
    symbol: spec.name,
    type: side,
    lots: req.volume,
    openPrice: market,
    openMs: broker.clock.utcMs(),
    sl: req.sl,
    tp: req.tp,
    closePrice: 0,
    closeMs: 0,
    commission: roundMoney(-Math.abs(spec.commissionPerLot) * req.volume * 2),
    swap: 0,
    profit: 0,
    magic: req.magic,
    comment: req.comment.slice(0, 31),
  };
  account.mt4Orders.push(order);
  account.balance = roundMoney(account.balance + order.commission);
  broker.emitFill(account, order.ticket);
  if (fault && 'lostReply' in fault) return fail(fault.lostReply);
  return { ret: order.ticket };
}

function openOrder(ctx: TradeContext, ticket: number): Mt4Order | undefined {
  return ctx.account.mt4Orders.find((o) => o.ticket === ticket && o.closeMs === 0);
}

export function orderModify(
  broker: Broker,
  ctx: TradeContext,
  req: Mt4ModifyRequest,
): Mt4Outcome<boolean> {
  const fail = (err: number) => ({ ret: false, err });
  const order = openOrder(ctx, req.ticket);
  if (!order) return fail(mt4Error.INVALID_TICKET);
  const client = clientRefusal(broker, ctx, 'OrderModify');
  if (client) return fail(client);
  if (order.type !== 'buy' && order.type !== 'sell') return modifyPending(broker, order, req);
  const spec = broker.symbol(order.symbol);
  if (!spec.sessionOpen) return fail(mt4Error.MARKET_CLOSED);
  const same = (a: number, b: number) => Math.abs(a - b) < spec.point / 2;
  if (same(order.sl, req.sl) && same(order.tp, req.tp)) return fail(mt4Error.NO_RESULT);
  if (stopsProblem(broker, spec, order.type, req.sl, req.tp)) return fail(mt4Error.INVALID_STOPS);
  if (frozen(broker, spec, order.type, order.sl, order.tp))
    return fail(mt4Error.TRADE_MODIFY_DENIED);
  const fault = broker.faults.take('OrderModify');
  order.sl = req.sl;
  order.tp = req.tp;
  if (fault && 'lostReply' in fault) return fail(fault.lostReply);
  return { ret: true };
}

export function orderClose(
  broker: Broker,
  ctx: TradeContext,
  req: { ticket: number; lots: number; price: number; slippage: number },
): Mt4Outcome<boolean> {
  const fail = (err: number) => ({ ret: false, err });
  const order = openOrder(ctx, req.ticket);
  if (!order || (order.type !== 'buy' && order.type !== 'sell'))
    return fail(mt4Error.INVALID_TICKET);
  const client = clientRefusal(broker, ctx, 'OrderClose');
  if (client) return fail(client);
  const spec = broker.symbol(order.symbol);
  if (!spec.sessionOpen) return fail(mt4Error.MARKET_CLOSED);
  const market = broker.closingPrice(spec.name, order.type);
  if (market <= 0) return fail(mt4Error.OFF_QUOTES);
  if (req.lots > order.lots + 1e-9 || volumeProblem(spec, req.lots))
    return fail(mt4Error.INVALID_TRADE_VOLUME);
  const badPrice = priceProblem(spec, req.price, market, req.slippage);
  if (badPrice) return fail(badPrice);
  if (frozen(broker, spec, order.type, order.sl, order.tp))
    return fail(mt4Error.TRADE_MODIFY_DENIED);
  const fault = broker.faults.take('OrderClose');
  closeOrder(broker, ctx.account, order, req.lots, market, '');
  if (fault && 'lostReply' in fault) return fail(fault.lostReply);
  return { ret: true };
}

/** Closes `lots` of `order` at `price`; what is left stays open as a new order. */
function closeOrder(
  broker: Broker,
  account: Account,
  order: Mt4Order,
  lots: number,
  price: number,
  note: string,
) {
  if (lots < order.lots - 1e-9) {
    const rest: Mt4Order = {
      ...order,
      ticket: broker.newOrderTicket(),
      lots: roundVolume(order.lots - lots),
      commission: roundMoney((order.commission * (order.lots - lots)) / order.lots),
      comment: `from #${order.ticket}`,
    };
    order.commission = roundMoney(order.commission - rest.commission);
    order.lots = lots;
    order.comment = `to #${rest.ticket}`;
    account.mt4Orders.push(rest);
  }
  order.closePrice = price;
  order.closeMs = broker.clock.utcMs();
  order.profit = broker.profit(
    order.symbol,
    order.type as Side,
    order.lots,
    order.openPrice,
    price,
  );
  if (note) order.comment = `${order.comment}${note}`;
  account.balance = roundMoney(account.balance + order.profit);
}

/** Stop losses and take profits the new quote of `symbol` reaches are executed by the server. */
export function triggerMt4Stops(broker: Broker, symbol: string): void {
  for (const account of broker.allAccounts()) {
    if (account.kind !== 'mt4') continue;
    for (const o of account.openMt4Orders()) {
      if (o.symbol !== symbol || (o.type !== 'buy' && o.type !== 'sell')) continue;
      const price = broker.closingPrice(symbol, o.type);
      const dir = o.type === 'buy' ? 1 : -1;
      const hitSl = o.sl > 0 && (price - o.sl) * dir <= 0;
      const hitTp = o.tp > 0 && (price - o.tp) * dir >= 0;
      if (hitSl || hitTp) closeOrder(broker, account, o, o.lots, price, hitSl ? '[sl]' : '[tp]');
    }
  }
}
