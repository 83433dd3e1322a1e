/**
 * The paper terminal's "Market Watch": broker symbol specifications, how an alert's symbol name
 * is resolved to a broker name, and a deterministic quote source.
 */
export interface SymbolSpec {
  /** The broker's name, e.g. `EURUSD` or `EURUSD.m`. */
  name: string;
  digits: number;
  /** Price of one point, e.g. 0.00001 on 5-digit FX, 0.001 on JPY pairs, 0.01 on gold. */
  point: number;
  /** Account-currency value of a one-point move for one lot. */
  pointValuePerLot: number;
  /** Account-currency margin one lot needs. */
  marginPerLot: number;
  volumeMin: number;
  volumeMax: number;
  volumeStep: number;
  /** Smallest stop-loss / take-profit distance the broker accepts, in points. */
  stopsLevel: number;
  spreadPoints: number;
  /** A starting mid price for the simulated quotes. */
  basePrice: number;
  /** `full`: open and close; `closeonly`: close only; `disabled`: no trading. */
  tradeMode: 'full' | 'closeonly' | 'disabled';
}

export interface Quote {
  bid: number;
  ask: number;
}

/** A quote for a broker symbol at the moment of execution. */
export type QuoteSource = (symbol: SymbolSpec) => Quote;

const fx = {
  digits: 5,
  point: 0.00001,
  pointValuePerLot: 1,
  volumeMin: 0.01,
  volumeMax: 100,
  volumeStep: 0.01,
  stopsLevel: 10,
  spreadPoints: 12,
  tradeMode: 'full',
} as const;

/** A small account in USD at 1:100 leverage on a typical retail broker. */
const baseSymbols: SymbolSpec[] = [
  { ...fx, name: 'EURUSD', marginPerLot: 1085, basePrice: 1.085 },
  { ...fx, name: 'GBPUSD', marginPerLot: 1270, basePrice: 1.27 },
  { ...fx, name: 'AUDUSD', marginPerLot: 660, basePrice: 0.66 },
  {
    ...fx,
    digits: 3,
    point: 0.001,
    pointValuePerLot: 0.67,
    name: 'USDJPY',
    marginPerLot: 1000,
    basePrice: 150,
  },
  {
    ...fx,
    digits: 3,
    point: 0.001,
    pointValuePerLot: 0.67,
    name: 'GBPJPY',
    marginPerLot: 1270,
    basePrice: 190,
  },
  {
    ...fx,
    name: 'XAUUSD',
    digits: 2,
    point: 0.01,
    pointValuePerLot: 1,
    marginPerLot: 2350,
    spreadPoints: 25,
    stopsLevel: 50,
    basePrice: 2350,
  },
];

/** The default symbol table, with the broker's prefix/suffix added to every name. */
export function defaultSymbols(naming: { prefix?: string; suffix?: string } = {}): SymbolSpec[] {
  return baseSymbols.map((s) => ({
    ...s,
    name: `${naming.prefix ?? ''}${s.name}${naming.suffix ?? ''}`,
  }));
}

/**
 * Finds the broker symbol for an alert's name, as the MQL EAs do: the exact name (any case),
 * then the name with the configured prefix/suffix, then a tradable symbol that only adds a short
 * broker affix to it (`EURUSD.m`, `EURUSDpro`, `mEURUSD`; the shortest, then alphabetical). An
 * affix of capital letters alone is another instrument (`EUR` is not `EURUSD`), never a match.
 */
export function resolveSymbol(
  symbols: readonly SymbolSpec[],
  requested: string,
  naming: { prefix?: string; suffix?: string } = {},
): SymbolSpec | undefined {
  const wanted = requested.trim().toUpperCase();
  if (!wanted) return undefined;
  const byName = (name: string) => symbols.find((s) => s.name.toUpperCase() === name.toUpperCase());
  const exact = byName(wanted);
  if (exact) return exact;
  if (naming.prefix || naming.suffix) {
    const named = byName(`${naming.prefix ?? ''}${wanted}${naming.suffix ?? ''}`);
    if (named) return named;
  }
  const affixed = (name: string) => {
    const at = name.toUpperCase().indexOf(wanted);
    if (at < 0) return false;
    const affix = name.slice(0, at) + name.slice(at + wanted.length);
    return affix.length <= maxAffixLength && !/^[A-Z]+$/.test(affix);
  };
  return symbols
    .filter((s) => s.tradeMode !== 'disabled' && affixed(s.name))
    .sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name))[0];
}

const maxAffixLength = 5;

/**
 * Deterministic quotes: each call moves the symbol's mid price by a seeded random step of up to
 * `stepPoints`, so a test with a seed gets the same prices every run.
 */
export function seededQuotes(seed: number, stepPoints = 20): QuoteSource {
  const random = xorshift32(seed);
  const mids = new Map<string, number>();
  return (symbol) => {
    const previous = mids.get(symbol.name) ?? symbol.basePrice;
    const mid = previous + Math.round((random() * 2 - 1) * stepPoints) * symbol.point;
    mids.set(symbol.name, mid);
    const bid = roundTo(mid, symbol.digits);
    return { bid, ask: roundTo(bid + symbol.spreadPoints * symbol.point, symbol.digits) };
  };
}

export function roundTo(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

/** Marsaglia's xorshift32: plenty for simulated prices, and the same sequence for a seed. */
function xorshift32(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}
