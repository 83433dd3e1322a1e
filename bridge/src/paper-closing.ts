import type { Signal } from '@signalrelay/contracts/ea-protocol';
import type { ExecutionOutcome } from './ea-types.ts';
import { type Book, type ClosedPosition, type PaperPosition, sideOf } from './paper-book.ts';
import { fail, marketClosed, retcodes, tradeDisabled, unknownSymbol } from './paper-outcomes.ts';
import { floorToStep, formatLots } from './paper-sizing.ts';
import {
  type Side,
  setsStopLoss,
  setsTakeProfit,
  stopLossOf,
  takeProfitOf,
} from './paper-stops.ts';
import { type QuoteSource, roundTo, type SymbolSpec } from './paper-symbols.ts';

/**
 * The commands that act on what the EA already has: close (all or a percent of each position),
 * cancel pending orders, modify stops. Each acts only on the signal's magic number (0 = the
 * EA's own) and, with `side`, on one direction.
 */
export type Market = {
  book: Book;
  resolve: (name: string) => SymbolSpec | undefined;
  symbols: readonly SymbolSpec[];
  quoteOf: QuoteSource;
  marketOpen: (spec: SymbolSpec, wallMs: number) => boolean;
  now: () => number;
  money: (value: number) => string;
};

const sideFilter = (signal: Signal): Side | undefined =>
  signal.position === 'closebuy'
    ? 'buy'
    : signal.position === 'closesell'
      ? 'sell'
      : (signal.side ?? undefined);

const mine = (signal: Signal, item: { magic: number; symbol: string }, spec: SymbolSpec) =>
  item.magic === (signal.magic ?? 0) && item.symbol === spec.name;

/** The symbol a command acts on, or the refusal: unknown, disabled or closed. */
function tradable(m: Market, name: string): SymbolSpec | ExecutionOutcome {
  const spec = m.resolve(name);
  if (!spec) return unknownSymbol(name);
  if (spec.tradeMode === 'disabled') return tradeDisabled(spec);
  if (!m.marketOpen(spec, m.now())) return marketClosed(spec);
  return spec;
}

export function closeMatching(m: Market, signal: Signal): ExecutionOutcome {
  const everything = signal.position === 'closeall' && signal.symbol.trim() === '';
  const targets: SymbolSpec[] = [];
  if (everything) {
    targets.push(...m.symbols.filter((s) => m.book.open.some((p) => p.symbol === s.name)));
  } else {
    const spec = tradable(m, signal.symbol);
    if ('status' in spec) return spec;
    targets.push(spec);
  }
  for (const target of targets) {
    if (target.tradeMode === 'disabled') return tradeDisabled(target);
    if (!m.marketOpen(target, m.now())) return marketClosed(target);
  }
  const side = sideFilter(signal);
  const where = everything ? 'all symbols' : targets[0]!.name;
  const percent = signal.closePercent ?? 100;
  const results: ClosedPosition[] = [];
  const kept: string[] = [];
  for (const target of targets) {
    const quote = m.quoteOf(target);
    m.book.sync(target, quote);
    const matching = m.book.open.filter((p) => mine(signal, p, target));
    for (const p of matching.filter((o) => !side || o.side === side)) {
      const lots =
        percent >= 100 ? p.lots : floorToStep((p.lots * percent) / 100, target.volumeStep);
      if (lots < target.volumeMin) {
        kept.push(
          `${percent}% of ${formatLots(p.lots, target)} lots is below the minimum ${formatLots(target.volumeMin, target)}: position ${p.ticket} not closed`,
        );
        continue;
      }
      results.push(m.book.close(p, p.side === 'buy' ? quote.bid : quote.ask, 'signal', lots));
    }
  }
  if (results.length === 0) {
    if (kept.length > 0) return fail(retcodes.invalidVolume, `${kept.join('; ')}.`);
    const what = side ? `${side} position` : 'position';
    return fail(
      retcodes.positionNotFound,
      everything ? 'No open positions to close.' : `No open ${what} on ${where} to close.`,
    );
  }
  const profit = roundTo(
    results.reduce((sum, r) => sum + r.profit, 0),
    2,
  );
  const volume = roundTo(
    results.reduce((sum, r) => sum + r.lots, 0),
    8,
  );
  const count = results.length === 1 ? '1 position' : `${results.length} positions`;
  const last = results[results.length - 1]!;
  // A whole close reads as it always did; a partial one says how much it closed.
  const partial = percent < 100 ? { volume } : undefined;
  const what = partial ? `${percent}% of ${count} (${volume} lots)` : count;
  return {
    status: 'success',
    retcode: retcodes.done,
    ticket: results[0]!.ticket,
    price: last.closePrice,
    ...partial,
    message: `Closed ${what} on ${where}, profit ${profit >= 0 ? '+' : ''}${m.money(profit)}, balance ${m.money(m.book.balance)}.${kept.length ? ` ${kept.join('; ')}.` : ''}`,
  };
}

/** `cancel`: deletes the EA's pending orders on the symbol (of one direction with `side`). */
export function cancelOrders(m: Market, signal: Signal): ExecutionOutcome {
  const spec = tradable(m, signal.symbol);
  if ('status' in spec) return spec;
  m.book.sync(spec, m.quoteOf(spec));
  const doomed = m.book.orders.filter(
    (o) => mine(signal, o, spec) && (!signal.side || sideOf(o.type) === signal.side),
  );
  if (doomed.length === 0) {
    const what = signal.side ? `${signal.side} pending order` : 'pending order';
    return fail(retcodes.orderNotFound, `No ${what} on ${spec.name} to cancel.`);
  }
  for (const order of doomed) m.book.orders.splice(m.book.orders.indexOf(order), 1);
  const count = doomed.length === 1 ? '1 pending order' : `${doomed.length} pending orders`;
  return {
    status: 'success',
    retcode: retcodes.done,
    ticket: doomed[0]!.ticket,
    message: `Deleted ${count} on ${spec.name}.`,
  };
}

/** `modify`: sets the stop loss and/or take profit of the EA's open positions on the symbol. */
export function modifyPositions(m: Market, signal: Signal): ExecutionOutcome {
  const spec = tradable(m, signal.symbol);
  if ('status' in spec) return spec;
  m.book.sync(spec, m.quoteOf(spec));
  const targets: PaperPosition[] = m.book.open.filter(
    (p) => mine(signal, p, spec) && (!signal.side || p.side === signal.side),
  );
  if (targets.length === 0) {
    const what = signal.side ? `${signal.side} position` : 'position';
    return fail(retcodes.positionNotFound, `No open ${what} on ${spec.name} to modify.`);
  }
  for (const p of targets) {
    if (setsStopLoss(signal)) p.stopLoss = stopLossOf(signal, spec, p.side, p.openPrice);
    if (setsTakeProfit(signal)) p.takeProfit = takeProfitOf(signal, spec, p.side, p.openPrice);
  }
  const levels = (p: PaperPosition) =>
    `SL ${p.stopLoss ? p.stopLoss.toFixed(spec.digits) : 'none'}, TP ${p.takeProfit ? p.takeProfit.toFixed(spec.digits) : 'none'}`;
  const count = targets.length === 1 ? '1 position' : `${targets.length} positions`;
  return {
    status: 'success',
    retcode: retcodes.done,
    ticket: targets[0]!.ticket,
    message: `Modified ${count} on ${spec.name}: ${levels(targets[0]!)}.`,
  };
}
