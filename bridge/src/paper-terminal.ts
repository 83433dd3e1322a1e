import type { Signal } from '@signalrelay/contracts/ea-protocol';
import type { ExecutionOutcome } from './ea-types.ts';
import { checkLot, formatLots, lotFromRisk, type Sizing } from './paper-sizing.ts';
import {
  defaultSymbols,
  type Quote,
  resolveSymbol,
  roundTo,
  type SymbolSpec,
  seededQuotes,
} from './paper-symbols.ts';
import {
  type ClosedPosition,
  type PaperPosition,
  type PaperTerminal,
  type PaperTerminalOptions,
  retcodes,
  type Side,
} from './paper-types.ts';

export * from './paper-types.ts';

/**
 * A paper trading terminal: executes signals the way the MQL EAs do on a hedging account, with
 * simulated prices, and answers with MT5's return codes and a message a trader understands.
 * Deterministic for a given seed (or quote source) and clock, so tests can assert exact results.
 */

export function createPaperTerminal(options: PaperTerminalOptions = {}): PaperTerminal {
  const symbols =
    options.symbols ?? defaultSymbols({ suffix: options.suffix, prefix: options.prefix });
  const naming = { prefix: options.prefix, suffix: options.suffix };
  const quoteOf = options.quotes ?? seededQuotes(options.seed ?? 1);
  const now = options.now ?? Date.now;
  const marketOpen = options.marketOpen ?? (() => true);
  const currency = options.currency ?? 'USD';
  let balance = options.balance ?? 10_000;
  let nextTicket = options.firstTicket ?? 50_000_001;
  const open: PaperPosition[] = [];
  const closed: ClosedPosition[] = [];
  const money = (value: number) => `${value.toFixed(2)} ${currency}`;
  const specOf = (name: string) => symbols.find((s) => s.name === name)!;

  const fail = (retcode: number, message: string): ExecutionOutcome => ({
    status: 'error',
    retcode,
    message,
  });

  /** A position's profit if closed at `price`, in account currency. */
  const profitAt = (position: PaperPosition, price: number) => {
    const spec = specOf(position.symbol);
    const direction = position.side === 'buy' ? 1 : -1;
    const points = Math.round(((price - position.openPrice) * direction) / spec.point);
    return roundTo(points * spec.pointValuePerLot * position.lots, 2);
  };
  /** The price a position closes at now: the bid for a buy, the ask for a sell. */
  const closingPrice = (position: PaperPosition) => {
    const quote = quoteOf(specOf(position.symbol));
    return position.side === 'buy' ? quote.bid : quote.ask;
  };

  const close = (position: PaperPosition, price: number, closedBy: ClosedPosition['closedBy']) => {
    const profit = profitAt(position, price);
    balance = roundTo(balance + profit, 2);
    open.splice(open.indexOf(position), 1);
    const done: ClosedPosition = {
      ...position,
      closePrice: price,
      closeTime: now(),
      profit,
      closedBy,
    };
    closed.push(done);
    return done;
  };

  /**
   * Brings a symbol's positions up to the current quote, as the broker and the EA would have
   * done meanwhile: closes positions whose stop loss or take profit was reached, then moves
   * trailing and break-even stops.
   */
  const syncPositions = (spec: SymbolSpec, quote: Quote) => {
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
      const pip = spec.digits === 3 || spec.digits === 5 ? 10 * spec.point : spec.point;
      if (p.breakEvenPips > 0 && gain >= p.breakEvenPips * pip && improves(p.openPrice)) {
        p.stopLoss = p.openPrice;
      }
      const trail = p.trailingStopPoints * spec.point;
      if (trail > 0 && gain > trail) {
        const level = roundTo(buy ? market - trail : market + trail, spec.digits);
        if (improves(level)) p.stopLoss = level;
      }
    }
  };

  const closeMatching = (signal: Signal): ExecutionOutcome => {
    const everything = signal.position === 'closeall' && signal.symbol.trim() === '';
    const spec = everything ? undefined : resolveSymbol(symbols, signal.symbol, naming);
    if (!everything && !spec) return unknownSymbol(signal.symbol);
    const targets = everything
      ? symbols.filter((s) => open.some((p) => p.symbol === s.name))
      : [spec!];
    const side: Side | undefined =
      signal.position === 'closebuy' ? 'buy' : signal.position === 'closesell' ? 'sell' : undefined;
    const where = everything ? 'all symbols' : spec!.name;
    for (const target of targets) {
      if (target.tradeMode === 'disabled') return tradeDisabled(target);
      if (!marketOpen(target, now())) return marketClosed(target);
    }
    const results: ClosedPosition[] = [];
    for (const target of targets) {
      const quote = quoteOf(target);
      syncPositions(target, quote);
      for (const p of open.filter((o) => o.symbol === target.name && (!side || o.side === side))) {
        results.push(close(p, p.side === 'buy' ? quote.bid : quote.ask, 'signal'));
      }
    }
    if (results.length === 0) {
      const what = side ? `${side} position` : 'position';
      const message = everything
        ? 'No open positions to close.'
        : `No open ${what} on ${where} to close.`;
      return fail(retcodes.positionNotFound, message);
    }
    const profit = roundTo(
      results.reduce((sum, r) => sum + r.profit, 0),
      2,
    );
    const count = results.length === 1 ? '1 position' : `${results.length} positions`;
    const last = results[results.length - 1]!;
    return {
      status: 'success',
      retcode: retcodes.done,
      ticket: results[0]!.ticket,
      price: last.closePrice,
      message: `Closed ${count} on ${where}, profit ${profit >= 0 ? '+' : ''}${money(profit)}, balance ${money(balance)}.`,
    };
  };

  const sizingOf = (signal: Signal, spec: SymbolSpec): Sizing =>
    signal.riskPercentage > 0
      ? lotFromRisk(balance, signal.riskPercentage, signal.slpoint, spec, currency)
      : checkLot(signal.lot, spec);

  const openPosition = (signal: Signal, side: Side): ExecutionOutcome => {
    const spec = resolveSymbol(symbols, signal.symbol, naming);
    if (!spec) return unknownSymbol(signal.symbol);
    if (spec.tradeMode === 'disabled') return tradeDisabled(spec);
    if (spec.tradeMode === 'closeonly') {
      return fail(
        retcodes.closeOnly,
        `${spec.name} is close-only at this broker: new positions are not allowed.`,
      );
    }
    if (!marketOpen(spec, now())) return marketClosed(spec);
    for (const [field, points] of [
      ['stop loss', signal.slpoint],
      ['take profit', signal.tppoint],
    ] as const) {
      if (points > 0 && points < spec.stopsLevel) {
        return fail(
          retcodes.invalidStops,
          `Invalid stops: a ${field} of ${points} points is closer than the broker's minimum of ${spec.stopsLevel} points on ${spec.name}.`,
        );
      }
    }
    const sizing = sizingOf(signal, spec);
    if (!sizing.ok) {
      const retcode =
        signal.riskPercentage > 0 && signal.slpoint <= 0
          ? retcodes.invalidStops
          : retcodes.invalidVolume;
      return fail(retcode, sizing.message);
    }
    const lots = sizing.lots;
    const usedMargin = open.reduce((sum, p) => sum + p.lots * specOf(p.symbol).marginPerLot, 0);
    const margin = lots * spec.marginPerLot;
    if (margin > balance - usedMargin) {
      return fail(
        retcodes.noMoney,
        `Not enough money: ${formatLots(lots, spec)} lots of ${spec.name} need ${money(margin)} margin, free margin is ${money(balance - usedMargin)}.`,
      );
    }
    const quote = quoteOf(spec);
    syncPositions(spec, quote);
    const buy = side === 'buy';
    const price = buy ? quote.ask : quote.bid;
    const away = (points: number, direction: 1 | -1) =>
      points > 0 ? roundTo(price + direction * points * spec.point, spec.digits) : 0;
    const position: PaperPosition = {
      ticket: String(nextTicket++),
      symbol: spec.name,
      side,
      lots,
      openPrice: price,
      stopLoss: away(signal.slpoint, buy ? -1 : 1),
      takeProfit: away(signal.tppoint, buy ? 1 : -1),
      trailingStopPoints: signal.trailingStop,
      breakEvenPips: signal.breakEvenPips,
      magic: signal.magic ?? 0,
      comment: signal.comment ?? '',
      openTime: now(),
    };
    open.push(position);
    const levels = [
      position.stopLoss ? `SL ${position.stopLoss.toFixed(spec.digits)}` : '',
      position.takeProfit ? `TP ${position.takeProfit.toFixed(spec.digits)}` : '',
    ].filter(Boolean);
    return {
      status: 'success',
      retcode: retcodes.done,
      ticket: position.ticket,
      price,
      volume: lots,
      message: `${buy ? 'Bought' : 'Sold'} ${formatLots(lots, spec)} ${spec.name} at ${price.toFixed(spec.digits)}${levels.length ? `, ${levels.join(', ')}` : ''}.`,
    };
  };

  const unknownSymbol = (name: string) =>
    fail(
      retcodes.unknownSymbol,
      `Unknown symbol "${name}": no such symbol at this broker (also tried its prefix/suffix variants).`,
    );
  const tradeDisabled = (spec: SymbolSpec) =>
    fail(retcodes.tradeDisabled, `Trading is disabled for ${spec.name} at this broker.`);
  const marketClosed = (spec: SymbolSpec) =>
    fail(
      retcodes.marketClosed,
      `Market is closed for ${spec.name}: try again during its trading hours.`,
    );

  return {
    execute(signal) {
      switch (signal.position) {
        case 'buy':
        case 'sell':
          return openPosition(signal, signal.position);
        default:
          return closeMatching(signal);
      }
    },
    get balance() {
      return balance;
    },
    currency,
    openPositions: () => open.map((p) => ({ ...p })),
    closedPositions: () => closed.map((p) => ({ ...p })),
    equity: () =>
      roundTo(balance + open.reduce((sum, p) => sum + profitAt(p, closingPrice(p)), 0), 2),
    lotFor(signal) {
      const spec = resolveSymbol(symbols, signal.symbol, naming);
      if (!spec) return { ok: false, message: `Unknown symbol "${signal.symbol}".` };
      return sizingOf(signal, spec);
    },
    closeEverything() {
      const positions = [...open];
      for (const p of positions) close(p, closingPrice(p), 'signal');
      return positions.length;
    },
  };
}
