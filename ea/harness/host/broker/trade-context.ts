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
  const closing = side === 'buy' ? q.bid : q.ask;
  const gap = spec.stopsLevel * spec.point;
  const eps = spec.point / 10;
  const direction = side === 'buy' ? 1 : -1;
  // On the wrong side of the price, or nearer than the stops level.
  const tooClose = (distance: number) => distance <= eps || distance < gap - eps;
  if (sl > 0 && tooClose((closing - sl) * direction))
    return `stop loss ${sl} is not ${spec.stopsLevel} points away from ${closing}`;
  if (tp > 0 && tooClose((tp - closing) * direction))
    return `take profit ${tp} is not ${spec.stopsLevel} points away from ${closing}`;
  return undefined;
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
