import type { Signal } from '@signalrelay/contracts/ea-protocol';
import type { ExecutionOutcome } from './ea-types.ts';
import type { Sizing } from './paper-sizing.ts';
import type { QuoteSource, SymbolSpec } from './paper-symbols.ts';

/** The paper terminal's types and return codes (paper-terminal.ts). */

/** MT5 trade-server return codes and MQL5 runtime errors the paper terminal reports. */
export const retcodes = {
  done: 10009,
  invalidVolume: 10014,
  invalidStops: 10016,
  tradeDisabled: 10017,
  marketClosed: 10018,
  noMoney: 10019,
  closeOnly: 10044,
  /** ERR_MARKET_UNKNOWN_SYMBOL */
  unknownSymbol: 4301,
  /** ERR_TRADE_POSITION_NOT_FOUND */
  positionNotFound: 4753,
} as const;

export type Side = 'buy' | 'sell';

export interface PaperPosition {
  ticket: string;
  symbol: string;
  side: Side;
  lots: number;
  openPrice: number;
  /** Price levels; 0 = none. */
  stopLoss: number;
  takeProfit: number;
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

export interface PaperTerminalOptions {
  balance?: number;
  currency?: string;
  symbols?: SymbolSpec[];
  /** The broker's symbol naming, tried after the exact name (`EURUSD` → `EURUSD.m`). */
  prefix?: string;
  suffix?: string;
  /** Prices; defaults to seeded random walks around each symbol's base price. */
  quotes?: QuoteSource;
  seed?: number;
  /** Wall clock for open/close times. */
  now?: () => number;
  firstTicket?: number;
  /** Trading hours; open all the time by default. */
  marketOpen?: (symbol: SymbolSpec, wallMs: number) => boolean;
}

export interface PaperTerminal {
  execute(signal: Signal): ExecutionOutcome;
  readonly balance: number;
  readonly currency: string;
  openPositions(): readonly PaperPosition[];
  closedPositions(): readonly ClosedPosition[];
  /** Balance plus the open positions' profit at the current quotes. */
  equity(): number;
  /** The lot an opening signal would trade (given, or from the risk), or why it cannot. */
  lotFor(signal: Signal): Sizing;
  /** Closes every open position at the current quotes; how many it closed. */
  closeEverything(): number;
}
