import type { Account, Side } from './account.ts';
import type { Broker } from './broker.ts';
import type { SymbolSpec } from './symbols.ts';

/** What the terminal that sends a trade request contributes to its fate. */
export type TradeContext = {
  account: Account;
  /** TERMINAL_CONNECTED: the terminal reaches the trade server. */
  connected: boolean;
  /** TERMINAL_TRADE_ALLOWED: the toolbar's Algo Trading (MT4: AutoTrading) button. */
  autoTrading: boolean;
  /** MQL_TRADE_ALLOWED: "Allow Algo Trading" ticked in this EA's properties. */
  eaTradeAllowed: boolean;
};

/**
 * Why stops at `sl`/`tp` are refused for a `side` position at the current quote, or
 * undefined. Stops of a buy close at the bid, a sell's at the ask, and must keep the symbol's
 * stops level (in points) from that price (mql5.com/en/book/automation/experts/experts_stops_level;
 * docs.mql4.com/appendixes/tradingrules, "StopLevel Minimum Distance Limitation").
 */
export function stopsProblem(
  broker: Broker,
  spec: SymbolSpec,
  side: Side,
  sl: number,
  tp: number,
): string | undefined {
  const q = broker.quote(spec.name);
  if (!q) return undefined;
  return stopsFrom(spec, side, side === 'buy' ? q.bid : q.ask, sl, tp);
}

/** The stops rule measured from `reference`: the closing price, or a pending order's price. */
export function stopsFrom(
  spec: SymbolSpec,
  side: Side,
  reference: number,
  sl: number,
  tp: number,
): string | undefined {
  const direction = side === 'buy' ? 1 : -1;
  if (sl > 0 && tooClose(spec, (reference - sl) * direction))
    return `stop loss ${sl} is not ${spec.stopsLevel} points away from ${reference}`;
  if (tp > 0 && tooClose(spec, (tp - reference) * direction))
    return `take profit ${tp} is not ${spec.stopsLevel} points away from ${reference}`;
  return undefined;
}

/** On the wrong side of the price (distance not above 0), or nearer than the stops level. */
function tooClose(spec: SymbolSpec, distance: number): boolean {
  const eps = spec.point / 10;
  return distance <= eps || distance < spec.stopsLevel * spec.point - eps;
}

export type PendingKind = 'buy_limit' | 'sell_limit' | 'buy_stop' | 'sell_stop';

export const pendingSide = (kind: PendingKind): Side => (kind.startsWith('buy') ? 'buy' : 'sell');

/**
 * Why a pending order of `kind` at `price` is refused at the current quote, or undefined. Buy
 * orders trigger on the ask, sell orders on the bid; a limit waits for a better price (a buy
 * limit below the ask), a stop for a worse one (a buy stop above it), at least the stops level
 * away (docs.mql4.com/appendixes/tradingrules, "Requirements and limitations in making trades";
 * mql5.com/en/book/automation/experts/experts_stops_level).
 */
export function pendingPriceProblem(
  broker: Broker,
  spec: SymbolSpec,
  kind: PendingKind,
  price: number,
): string | undefined {
  const q = broker.quote(spec.name);
  if (!q) return 'no quote';
  const buy = pendingSide(kind) === 'buy';
  const market = buy ? q.ask : q.bid;
  const above = kind === 'sell_limit' || kind === 'buy_stop';
  if (!tooClose(spec, above ? price - market : market - price)) return undefined;
  const level = spec.stopsLevel > 0 ? ` by at least ${spec.stopsLevel} points` : '';
  return `${kind.replace('_', ' ')} at ${price} must be ${above ? 'above' : 'below'} the ${buy ? 'ask' : 'bid'} ${market}${level}`;
}

/** Whether the market is within the freeze level of a pending order's price (no change, no delete). */
export function pendingFrozen(broker: Broker, spec: SymbolSpec, kind: PendingKind, price: number) {
  const q = broker.quote(spec.name);
  if (spec.freezeLevel <= 0 || !q) return false;
  const market = pendingSide(kind) === 'buy' ? q.ask : q.bid;
  return Math.abs(market - price) <= spec.freezeLevel * spec.point;
}

/** Whether the quote has reached a pending order's price: the order becomes a market deal. */
export function pendingTriggered(broker: Broker, symbol: string, kind: PendingKind, price: number) {
  const q = broker.quote(symbol);
  if (!q) return false;
  if (kind === 'buy_limit') return q.ask <= price;
  if (kind === 'sell_limit') return q.bid >= price;
  if (kind === 'buy_stop') return q.ask >= price;
  return q.bid <= price;
}

/**
 * Whether a position's current stops sit inside the freeze level, where the broker allows no
 * change (docs.mql4.com/appendixes/tradingrules, "FreezeLevel Limitation").
 */
export function frozen(broker: Broker, spec: SymbolSpec, side: Side, sl: number, tp: number) {
  if (spec.freezeLevel <= 0) return false;
  const closing = broker.closingPrice(spec.name, side);
  const limit = spec.freezeLevel * spec.point;
  return (sl > 0 && Math.abs(closing - sl) <= limit) || (tp > 0 && Math.abs(tp - closing) <= limit);
}

export const roundMoney = (x: number) => Math.round(x * 100) / 100;
export const roundVolume = (x: number) => Math.round(x * 1e8) / 1e8;
