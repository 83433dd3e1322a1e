import type { Signal } from '@signalrelay/contracts/ea-protocol';
import type { ExecutionOutcome } from './ea-types.ts';
import { createBook, type PaperOrder, type PaperPosition, type PendingType } from './paper-book.ts';
import { cancelOrders, closeMatching, type Market, modifyPositions } from './paper-closing.ts';
import { fail, marketClosed, retcodes, tradeDisabled, unknownSymbol } from './paper-outcomes.ts';
import { checkLot, floorToStep, formatLots, lotFromMoney, lotFromRisk } from './paper-sizing.ts';
import {
  type Side,
  stopLossOf,
  stopLossPoints,
  takeProfitLevelsOf,
  takeProfitOf,
} from './paper-stops.ts';
import {
  defaultSymbols,
  type Quote,
  resolveSymbol,
  type SymbolSpec,
  seededQuotes,
} from './paper-symbols.ts';
import type { PaperTerminal, PaperTerminalOptions } from './paper-types.ts';

export type { ClosedPosition, PaperOrder, PaperPosition } from './paper-book.ts';
export { retcodes } from './paper-outcomes.ts';
export type { Side } from './paper-stops.ts';
export type { PaperTerminal, PaperTerminalOptions } from './paper-types.ts';

/**
 * A paper trading terminal: executes signals the way the MQL EAs do on a hedging account, with
 * simulated prices, and answers with MT5's return codes and a message a trader understands.
 * Deterministic for a given seed (or quote source) and clock, so tests can assert exact results.
 * Speaks protocol v3's commands: pending orders, cancel, modify, partial close, reverse, stops
 * in pips or price, several take-profits, sizing by money and the spread guard.
 */

const pendingNames: Record<PendingType, string> = {
  buylimit: 'buy limit',
  selllimit: 'sell limit',
  buystop: 'buy stop',
  sellstop: 'sell stop',
};

export function createPaperTerminal(options: PaperTerminalOptions = {}): PaperTerminal {
  const symbols =
    options.symbols ?? defaultSymbols({ suffix: options.suffix, prefix: options.prefix });
  const naming = { prefix: options.prefix, suffix: options.suffix };
  const now = options.now ?? Date.now;
  const currency = options.currency ?? 'USD';
  const book = createBook({
    balance: options.balance ?? 10_000,
    firstTicket: options.firstTicket ?? 50_000_001,
    now,
    specOf: (name) => symbols.find((s) => s.name === name)!,
  });
  const m: Market = {
    book,
    symbols,
    resolve: (name) => resolveSymbol(symbols, name, naming),
    quoteOf: options.quotes ?? seededQuotes(options.seed ?? 1),
    marketOpen: options.marketOpen ?? (() => true),
    now,
    money: (value) => `${value.toFixed(2)} ${currency}`,
  };

  /** The price a position closes at now: the bid for a buy, the ask for a sell. */
  const closingPrice = (p: PaperPosition) => {
    const quote = m.quoteOf(m.book.specOf(p.symbol));
    return p.side === 'buy' ? quote.bid : quote.ask;
  };

  /** The symbol an opening trades, or why it cannot. */
  const openable = (signal: Signal): SymbolSpec | ExecutionOutcome => {
    const spec = m.resolve(signal.symbol);
    if (!spec) return unknownSymbol(signal.symbol);
    if (spec.tradeMode === 'disabled') return tradeDisabled(spec);
    if (spec.tradeMode === 'closeonly') {
      return fail(
        retcodes.closeOnly,
        `${spec.name} is close-only at this broker: new positions are not allowed.`,
      );
    }
    if (!m.marketOpen(spec, now())) return marketClosed(spec);
    return spec;
  };

  /** The lots of an opening at `entry`: riskAmount, else riskPercentage, else lot. */
  const sizeOf = (signal: Signal, spec: SymbolSpec, side: Side, entry: number) => {
    const slPoints = stopLossPoints(signal, spec, side, entry);
    if (signal.riskAmount && signal.riskAmount > 0) {
      return lotFromMoney(signal.riskAmount, slPoints, spec);
    }
    if (signal.riskPercentage > 0) {
      return lotFromRisk(book.balance, signal.riskPercentage, slPoints, spec, currency);
    }
    return checkLot(signal.lot, spec);
  };

  /** Checks shared by market and pending openings at this quote; the outcome when refused. */
  const refusal = (signal: Signal, spec: SymbolSpec, side: Side, quote: Quote, entry: number) => {
    book.sync(spec, quote);
    const spread = Math.round((quote.ask - quote.bid) / spec.point);
    if (signal.maxSpread && spread > signal.maxSpread) {
      return fail(
        undefined,
        `Spread ${spread} points is above the alert's maxSpread ${signal.maxSpread}.`,
      );
    }
    for (const [field, level] of [
      ['stop loss', stopLossOf(signal, spec, side, entry)],
      ['take profit', takeProfitOf(signal, spec, side, entry)],
    ] as const) {
      const points = Math.round(Math.abs(level - entry) / spec.point);
      if (level > 0 && points < spec.stopsLevel) {
        return fail(
          retcodes.invalidStops,
          `Invalid stops: a ${field} of ${points} points is closer than the broker's minimum of ${spec.stopsLevel} points on ${spec.name}.`,
        );
      }
    }
    return null;
  };

  const noMoney = (lots: number, spec: SymbolSpec) => {
    const used = book.open.reduce(
      (sum, p) => sum + p.lots * symbols.find((s) => s.name === p.symbol)!.marginPerLot,
      0,
    );
    const margin = lots * spec.marginPerLot;
    if (margin <= book.balance - used) return null;
    return fail(
      retcodes.noMoney,
      `Not enough money: ${formatLots(lots, spec)} lots of ${spec.name} need ${m.money(margin)} margin, free margin is ${m.money(book.balance - used)}.`,
    );
  };

  const openPosition = (signal: Signal, side: Side): ExecutionOutcome => {
    const spec = openable(signal);
    if ('status' in spec) return spec;
    const buy = side === 'buy';
    const quote = m.quoteOf(spec);
    const price = buy ? quote.ask : quote.bid;
    const refused = refusal(signal, spec, side, quote, price);
    if (refused) return refused;
    const sizing = sizeOf(signal, spec, side, price);
    if (!sizing.ok) {
      const noStop = stopLossPoints(signal, spec, side, price) === 0;
      const risk = signal.riskPercentage > 0 || !!signal.riskAmount;
      return fail(risk && noStop ? retcodes.invalidStops : retcodes.invalidVolume, sizing.message);
    }
    const lots = sizing.lots;
    const broke = noMoney(lots, spec);
    if (broke) return broke;
    const position: PaperPosition = {
      ticket: book.ticket(),
      symbol: spec.name,
      side,
      lots,
      openPrice: price,
      stopLoss: stopLossOf(signal, spec, side, price),
      takeProfit: takeProfitOf(signal, spec, side, price),
      takeProfits: takeProfitLevelsOf(signal, spec, side, price).map((level) => ({
        price: level.price,
        lots: floorToStep((lots * level.percent) / 100, spec.volumeStep),
      })),
      trailingStopPoints: signal.trailingStop,
      breakEvenPips: signal.breakEvenPips,
      magic: signal.magic ?? 0,
      comment: signal.comment ?? '',
      openTime: now(),
    };
    book.open.push(position);
    const levels = [
      position.stopLoss ? `SL ${position.stopLoss.toFixed(spec.digits)}` : '',
      position.takeProfit ? `TP ${position.takeProfit.toFixed(spec.digits)}` : '',
      ...position.takeProfits.map(
        (tp, i) => `TP${i + 1} ${tp.price.toFixed(spec.digits)} (${formatLots(tp.lots, spec)})`,
      ),
    ].filter(Boolean);
    const note = 'note' in sizing && sizing.note ? ` ${sizing.note}` : '';
    return {
      status: 'success',
      retcode: retcodes.done,
      ticket: position.ticket,
      price,
      volume: lots,
      message: `${buy ? 'Bought' : 'Sold'} ${formatLots(lots, spec)} ${spec.name} at ${price.toFixed(spec.digits)}${levels.length ? `, ${levels.join(', ')}` : ''}.${note}`,
    };
  };

  /** `closeOpposite`: the other side's positions closed first; nothing opened if that fails. */
  const reverse = (signal: Signal, side: Side): ExecutionOutcome => {
    const other: Side = side === 'buy' ? 'sell' : 'buy';
    const closing = closeMatching(m, { ...signal, position: `close${other}`, closePercent: 100 });
    const nothingToClose = closing.retcode === retcodes.positionNotFound;
    if (closing.status === 'error' && !nothingToClose) {
      return {
        ...closing,
        message: `Nothing opened: closing the ${other} positions failed. ${closing.message}`,
      };
    }
    const opened = openPosition(signal, side);
    const closed = nothingToClose ? `No ${other} position to close` : closing.message;
    return { ...opened, message: `${closed} Then: ${opened.message}` };
  };

  const placePending = (signal: Signal, type: PendingType): ExecutionOutcome => {
    const spec = openable(signal);
    if ('status' in spec) return spec;
    const side: Side = type.startsWith('buy') ? 'buy' : 'sell';
    const entry = signal.price ?? 0;
    const quote = m.quoteOf(spec);
    const refused = refusal(signal, spec, side, quote, entry);
    if (refused) return refused;
    const market = side === 'buy' ? quote.ask : quote.bid;
    const below = type === 'buylimit' || type === 'sellstop';
    if (entry <= 0 || (below ? entry >= market : entry <= market)) {
      return fail(
        retcodes.invalidPrice,
        `Invalid price: a ${pendingNames[type]} at ${entry} must be ${below ? 'below' : 'above'} the market ${market.toFixed(spec.digits)} on ${spec.name}.`,
      );
    }
    const sizing = sizeOf(signal, spec, side, entry);
    if (!sizing.ok) return fail(retcodes.invalidVolume, sizing.message);
    const minutes = signal.expiryMinutes ?? 0;
    const order: PaperOrder = {
      ticket: book.ticket(),
      symbol: spec.name,
      type,
      lots: sizing.lots,
      price: entry,
      stopLoss: stopLossOf(signal, spec, side, entry),
      takeProfit: takeProfitOf(signal, spec, side, entry),
      expiresAt: minutes > 0 ? now() + minutes * 60_000 : 0,
      magic: signal.magic ?? 0,
      comment: signal.comment ?? '',
    };
    book.orders.push(order);
    return {
      status: 'success',
      retcode: retcodes.done,
      ticket: order.ticket,
      price: entry,
      volume: order.lots,
      message: `Placed ${pendingNames[type]} ${formatLots(order.lots, spec)} ${spec.name} at ${entry.toFixed(spec.digits)}${minutes > 0 ? `, expires in ${minutes} min` : ''}.`,
    };
  };

  return {
    execute(signal) {
      switch (signal.position) {
        case 'buy':
        case 'sell':
          return signal.closeOpposite
            ? reverse(signal, signal.position)
            : openPosition(signal, signal.position);
        case 'buylimit':
        case 'selllimit':
        case 'buystop':
        case 'sellstop':
          return placePending(signal, signal.position);
        case 'cancel':
          return cancelOrders(m, signal);
        case 'modify':
          return modifyPositions(m, signal);
        default:
          return closeMatching(m, signal);
      }
    },
    get balance() {
      return book.balance;
    },
    currency,
    openPositions: () => book.open.map((p) => ({ ...p, takeProfits: [...p.takeProfits] })),
    closedPositions: () => book.closed.map((p) => ({ ...p })),
    pendingOrders: () => book.orders.map((o) => ({ ...o })),
    equity: () => book.equity(closingPrice),
    lotFor(signal) {
      const spec = m.resolve(signal.symbol);
      if (!spec) return { ok: false, message: `Unknown symbol "${signal.symbol}".` };
      const side: Side = signal.position.startsWith('buy') ? 'buy' : 'sell';
      const quote = m.quoteOf(spec);
      return sizeOf(signal, spec, side, signal.price || (side === 'buy' ? quote.ask : quote.bid));
    },
    closeEverything() {
      const positions = [...book.open];
      for (const p of positions) book.close(p, closingPrice(p), 'signal');
      book.orders.splice(0);
      return positions.length;
    },
  };
}
