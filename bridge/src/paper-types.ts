import type { Signal } from '@signalrelay/contracts/ea-protocol';
import type { ExecutionOutcome } from './ea-types.ts';
import type { ClosedPosition, PaperOrder, PaperPosition } from './paper-book.ts';
import type { Sizing } from './paper-sizing.ts';
import type { QuoteSource, SymbolSpec } from './paper-symbols.ts';

/** The paper terminal's options and face (paper-terminal.ts). */

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
  pendingOrders(): readonly PaperOrder[];
  /** Balance plus the open positions' profit at the current quotes. */
  equity(): number;
  /** The lot an opening signal would trade (given, or sized from risk), or why it cannot. */
  lotFor(signal: Signal): Sizing;
  /** Closes every open position and deletes every pending order; how many positions it closed. */
  closeEverything(): number;
}
