import type { SymbolSpec } from './paper-symbols.ts';

/**
 * Lot sizing and volume checks, shared by the paper terminal's open path. Each function returns
 * either a volume or a refusal in words a trader understands.
 */
export type Sizing = { ok: true; lots: number } | { ok: false; message: string };

/** Decimals of a volume step (0.01 → 2), for printing and rounding lots. */
export function stepDecimals(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function formatLots(lots: number, symbol: SymbolSpec): string {
  return lots.toFixed(stepDecimals(symbol.volumeStep));
}

/** Rounds down to a whole number of steps; the epsilon keeps 0.3/0.1 from becoming 2 steps. */
export function floorToStep(value: number, step: number): number {
  const steps = Math.floor(value / step + 1e-9);
  return Number((steps * step).toFixed(stepDecimals(step)));
}

/**
 * The lot that loses `riskPercentage` % of `balance` if the stop loss `slpoint` points away is
 * hit, rounded down to the volume step and capped at the maximum. Never rounded up to the
 * minimum: a lot above the trader's risk is refused instead.
 */
export function lotFromRisk(
  balance: number,
  riskPercentage: number,
  slpoint: number,
  symbol: SymbolSpec,
  currency: string,
): Sizing {
  if (slpoint <= 0) {
    return {
      ok: false,
      message:
        'Risk-based sizing needs a stop loss: set slpoint above 0, or set riskPercentage to 0 and send a lot.',
    };
  }
  const money = (balance * riskPercentage) / 100;
  const raw = money / (slpoint * symbol.pointValuePerLot);
  const lots = floorToStep(raw, symbol.volumeStep);
  if (lots < symbol.volumeMin) {
    return {
      ok: false,
      message:
        `Risking ${riskPercentage}% of ${balance.toFixed(2)} ${currency} (${money.toFixed(2)} ${currency}) ` +
        `with a ${slpoint}-point stop loss allows ${raw.toFixed(4)} lots, below the minimum of ` +
        `${formatLots(symbol.volumeMin, symbol)} lots for ${symbol.name}.`,
    };
  }
  return { ok: true, lots: Math.min(lots, symbol.volumeMax) };
}

/** A fixed lot must lie within the broker's limits and on its volume step, as MT5 requires. */
export function checkLot(lot: number, symbol: SymbolSpec): Sizing {
  const onStep = Math.abs(floorToStep(lot, symbol.volumeStep) - lot) < 1e-9;
  if (lot >= symbol.volumeMin && lot <= symbol.volumeMax && onStep) return { ok: true, lots: lot };
  return {
    ok: false,
    message:
      `Invalid volume ${lot} for ${symbol.name}: the broker accepts ${formatLots(symbol.volumeMin, symbol)} ` +
      `to ${formatLots(symbol.volumeMax, symbol)} lots in steps of ${formatLots(symbol.volumeStep, symbol)}.`,
  };
}

/**
 * The lot that loses `amount` (account currency) at a stop loss `slPoints` away, rounded down
 * to the volume step and clamped to the symbol's limits, with a note when clamped.
 */
export function lotFromMoney(
  amount: number,
  slPoints: number,
  symbol: SymbolSpec,
): Sizing & { note?: string } {
  if (slPoints <= 0) {
    return {
      ok: false,
      message: 'Sizing by riskAmount needs a stop loss: set slpoint, slpips or slprice.',
    };
  }
  const raw = amount / (slPoints * symbol.pointValuePerLot);
  const lots = floorToStep(raw, symbol.volumeStep);
  const clamped = Math.min(Math.max(lots, symbol.volumeMin), symbol.volumeMax);
  if (clamped === lots) return { ok: true, lots };
  const bound = clamped > lots ? 'raised to the minimum' : 'lowered to the maximum';
  return {
    ok: true,
    lots: clamped,
    note: `Lot ${raw.toFixed(3)} ${bound} ${formatLots(clamped, symbol)}.`,
  };
}
