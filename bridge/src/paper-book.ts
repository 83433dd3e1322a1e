import { pipSize, type Side } from './paper-stops.ts';
import { type Quote, roundTo, type SymbolSpec } from './paper-symbols.ts';

/**
 * The paper terminal's book: open positions, pending orders and closed trades, and what the
 * broker and the EA do to them as prices move (stops, take-profit levels, trailing and
 * break-even stops, pending fills and expiries).
 */

export interface PaperPosition {
  ticket: string;
  symbol: string;
  side: Side;
  lots: number;
  openPrice: number;
  /** Price levels; 0 = none. */
  stopLoss: number;
  takeProfit: number;
  /** v3 `tps`: levels the EA still has to take, each with the lots it closes. */
  takeProfits: { price: number; lots: number }[];
  trailingStopPoints: number;
  breakEvenPips: number;
  magic: number;
  comment: string;
  openTime: number;
}

export interface ClosedPosition extends PaperPosition {
  closePrice: number;
  closeTime: number;
  profit: number;
  closedBy: 'signal' | 'stop loss' | 'take profit';
}

export type PendingType = 'buylimit' | 'selllimit' | 'buystop' | 'sellstop';

/** A pending order (v3): becomes a position at `price` when the market reaches it. */
export interface PaperOrder {
  ticket: string;
  symbol: string;
  type: PendingType;
  lots: number;
  price: number;
  stopLoss: number;
  takeProfit: number;
  /** Wall-clock ms when the broker deletes it; 0 = good till cancelled. */
  expiresAt: number;
  magic: number;
  comment: string;
}

export const sideOf = (type: PendingType): Side => (type.startsWith('buy') ? 'buy' : 'sell');

export interface BookOptions {
  /** The account balance at start, in account currency. */
  balance: number;
  /** The first ticket the book hands out; each next one counts up from it. */
  firstTicket: number;
  now: () => number;
  specOf: (name: string) => SymbolSpec;
}

export function createBook(options: BookOptions) {
  const { now, specOf } = options;
  let balance = options.balance;
  let nextTicket = options.firstTicket;
  const open: PaperPosition[] = [];
  const closed: ClosedPosition[] = [];
  const orders: PaperOrder[] = [];

  /** What closing `lots` of a position at `price` earns, in account currency. */
  const profitAt = (position: PaperPosition, price: number, lots = position.lots) => {
    const spec = specOf(position.symbol);
    const direction = position.side === 'buy' ? 1 : -1;
    const points = Math.round(((price - position.openPrice) * direction) / spec.point);
    return roundTo(points * spec.pointValuePerLot * lots, 2);
  };

  /** Closes `lots` of a position (all of it by default) at `price`. */
  const close = (
    position: PaperPosition,
    price: number,
    closedBy: ClosedPosition['closedBy'],
    lots = position.lots,
  ): ClosedPosition => {
    const profit = profitAt(position, price, lots);
    balance = roundTo(balance + profit, 2);
    const rest = roundTo(position.lots - lots, 8);
    if (rest <= 0) open.splice(open.indexOf(position), 1);
    else position.lots = rest;
    const done = { ...position, lots, closePrice: price, closeTime: now(), profit, closedBy };
    closed.push(done);
    return done;
  };

  /** Pending orders of a symbol: expired ones deleted, reached ones filled at their price. */
  const syncOrders = (spec: SymbolSpec, quote: Quote) => {
    for (const order of orders.filter((o) => o.symbol === spec.name)) {
      if (order.expiresAt > 0 && now() >= order.expiresAt) {
        orders.splice(orders.indexOf(order), 1);
        continue;
      }
      const reached = {
        buylimit: quote.ask <= order.price,
        buystop: quote.ask >= order.price,
        selllimit: quote.bid >= order.price,
        sellstop: quote.bid <= order.price,
      }[order.type];
      if (!reached) continue;
      orders.splice(orders.indexOf(order), 1);
      open.push({
        ticket: order.ticket,
        symbol: order.symbol,
        side: sideOf(order.type),
        lots: order.lots,
        openPrice: order.price,
        stopLoss: order.stopLoss,
        takeProfit: order.takeProfit,
        takeProfits: [],
        trailingStopPoints: 0,
        breakEvenPips: 0,
        magic: order.magic,
        comment: order.comment,
        openTime: now(),
      });
    }
  };

  /**
   * Brings a symbol up to the current quote, as the broker and the EA would have done
   * meanwhile: pending orders, then stops and take-profit levels, then trailing and
   * break-even stops (also once the first of several take-profits is taken).
   */
  const sync = (spec: SymbolSpec, quote: Quote) => {
    syncOrders(spec, quote);
    for (const p of open.filter((o) => o.symbol === spec.name)) {
      const buy = p.side === 'buy';
      const market = buy ? quote.bid : quote.ask;
      const gain = buy ? market - p.openPrice : p.openPrice - market;
      const beyond = (level: number, towardsProfit: boolean) =>
        level > 0 && (buy === towardsProfit ? market >= level : market <= level);
      if (beyond(p.stopLoss, false)) {
        close(p, p.stopLoss, 'stop loss');
        continue;
      }
      if (beyond(p.takeProfit, true)) {
        close(p, p.takeProfit, 'take profit');
        continue;
      }
      const improves = (level: number) =>
        p.stopLoss === 0 || (buy ? level > p.stopLoss : level < p.stopLoss);
      const taken = p.takeProfits.filter((level) => beyond(level.price, true));
      for (const level of taken) {
        p.takeProfits.splice(p.takeProfits.indexOf(level), 1);
        if (open.includes(p)) close(p, level.price, 'take profit', Math.min(level.lots, p.lots));
      }
      if (!open.includes(p)) continue;
      const breakEvenDue = p.breakEvenPips > 0 && gain >= p.breakEvenPips * pipSize(spec);
      if ((breakEvenDue || (taken.length > 0 && p.breakEvenPips > 0)) && improves(p.openPrice)) {
        p.stopLoss = p.openPrice;
      }
      const trail = p.trailingStopPoints * spec.point;
      if (trail > 0 && gain > trail) {
        const level = roundTo(buy ? market - trail : market + trail, spec.digits);
        if (improves(level)) p.stopLoss = level;
      }
    }
  };

  return {
    open,
    closed,
    orders,
    close,
    specOf,
    /** Balance plus the open positions' profit, each closed at `priceOf(position)`. */
    equity: (priceOf: (position: PaperPosition) => number) =>
      roundTo(balance + open.reduce((sum, p) => sum + profitAt(p, priceOf(p)), 0), 2),
    sync,
    ticket: () => String(nextTicket++),
    get balance() {
      return balance;
    },
  };
}

export type Book = ReturnType<typeof createBook>;
