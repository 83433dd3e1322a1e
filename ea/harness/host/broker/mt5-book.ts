import type { Account, Deal, DealReason, Position, Side } from './account.ts';
import type { Broker } from './broker.ts';
import { roundMoney, roundVolume } from './trade-context.ts';

/**
 * The MT5 books: what a deal does to a position (add, reduce, close, reverse on netting
 * accounts: mql5.com/en/book/automation/experts/experts_netting_hedging), the deals it leaves
 * with their commission, the server's own stop-loss and take-profit executions, and the
 * trade transactions each step tells the terminals (mql5.com/en/docs/constants/tradingconstants/enum_trade_transaction_type).
 */
export type Fill = {
  order: number;
  side: Side;
  volume: number;
  price: number;
  magic: number;
  comment: string;
  reason: DealReason;
};

/** A deal on an existing position: adds to it, reduces or closes it, or reverses it (netting). */
export function applyToPosition(broker: Broker, account: Account, p: Position, fill: Fill): void {
  const common = {
    order: fill.order,
    positionId: p.identifier,
    symbol: p.symbol,
    type: fill.side,
    price: fill.price,
    magic: fill.magic,
    comment: fill.comment,
    reason: fill.reason,
  };
  p.updatedMs = broker.clock.utcMs();
  if (p.side === fill.side) {
    const total = p.volume + fill.volume;
    p.priceOpen = Number(((p.priceOpen * p.volume + fill.price * fill.volume) / total).toFixed(8));
    p.volume = roundVolume(total);
    addDeal(broker, account, { ...common, entry: 'in', volume: fill.volume }, 0);
    return;
  }
  const closing = Math.min(p.volume, fill.volume);
  const profit = broker.profit(p.symbol, p.side, closing, p.priceOpen, fill.price);
  if (fill.volume > p.volume + 1e-9) {
    addDeal(broker, account, { ...common, entry: 'inout', volume: fill.volume }, profit);
    p.ticket = fill.order;
    p.side = fill.side;
    p.volume = roundVolume(fill.volume - closing);
    p.priceOpen = fill.price;
    p.openedMs = p.updatedMs;
    p.sl = 0;
    p.tp = 0;
    return;
  }
  addDeal(broker, account, { ...common, entry: 'out', volume: closing }, profit);
  p.volume = roundVolume(p.volume - closing);
  if (p.volume <= 1e-9) account.positions.splice(account.positions.indexOf(p), 1);
}

export function addDeal(
  broker: Broker,
  account: Account,
  d: Omit<Deal, 'ticket' | 'profit' | 'commission' | 'swap' | 'fee' | 'timeMs'>,
  profit: number,
): void {
  const spec = broker.symbol(d.symbol);
  const deal: Deal = {
    ...d,
    ticket: broker.newDealTicket(),
    profit,
    commission: roundMoney(-Math.abs(spec.commissionPerLot) * d.volume),
    swap: 0,
    fee: 0,
    timeMs: broker.clock.utcMs(),
  };
  account.deals.push(deal);
  account.balance = roundMoney(account.balance + deal.profit + deal.commission);
  broker.emitTrade(account, {
    trans: transaction({
      type: 'TRADE_TRANSACTION_DEAL_ADD',
      deal: deal.ticket,
      order: deal.order,
      symbol: deal.symbol,
      deal_type: deal.type === 'buy' ? 'DEAL_TYPE_BUY' : 'DEAL_TYPE_SELL',
      price: deal.price,
      volume: deal.volume,
      position: deal.positionId,
    }),
    request: {},
    result: {},
  });
}

/** Stop losses and take profits the new quote of `symbol` reaches are executed by the server. */
export function triggerMt5Stops(broker: Broker, symbol: string): void {
  for (const account of broker.allAccounts()) {
    if (account.kind === 'mt4') continue;
    for (const p of [...account.positions]) {
      if (p.symbol !== symbol) continue;
      const price = broker.closingPrice(symbol, p.side);
      const dir = p.side === 'buy' ? 1 : -1;
      const hitSl = p.sl > 0 && (price - p.sl) * dir <= 0;
      const hitTp = p.tp > 0 && (price - p.tp) * dir >= 0;
      if (!hitSl && !hitTp) continue;
      const level = hitSl ? p.sl : p.tp;
      const order = broker.newOrderTicket();
      const side: Side = p.side === 'buy' ? 'sell' : 'buy';
      const comment = `[${hitSl ? 'sl' : 'tp'} ${level}]`;
      const now = broker.clock.utcMs();
      account.historyOrders.push({
        ticket: order,
        type: side,
        state: 'filled',
        symbol,
        volumeInitial: p.volume,
        volumeCurrent: 0,
        priceOpen: price,
        sl: 0,
        tp: 0,
        setupMs: now,
        doneMs: now,
        positionId: p.identifier,
        magic: p.magic,
        comment,
      });
      applyToPosition(broker, account, p, {
        order,
        side,
        volume: p.volume,
        price,
        magic: p.magic,
        comment,
        reason: hitSl ? 'sl' : 'tp',
      });
    }
  }
}

/** An MqlTradeTransaction with every field present (zero/empty unless given). */
export function transaction(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    deal: 0,
    order: 0,
    symbol: '',
    type: 'TRADE_TRANSACTION_REQUEST',
    order_type: 'ORDER_TYPE_BUY',
    order_state: 'ORDER_STATE_STARTED',
    deal_type: 'DEAL_TYPE_BUY',
    time_type: 'ORDER_TIME_GTC',
    time_expiration: 0,
    price: 0,
    price_trigger: 0,
    price_sl: 0,
    price_tp: 0,
    volume: 0,
    position: 0,
    position_by: 0,
    ...fields,
  };
}
