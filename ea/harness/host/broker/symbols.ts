/**
 * The broker's instruments. Property names follow the MQL5 symbol properties
 * (mql5.com/en/docs/constants/environment_state/marketinfoconstants); MT4 reads the same
 * values through MarketInfo (docs.mql4.com/constants/environment_state/marketinfoconstants).
 */
export type Filling = 'FOK' | 'IOC' | 'RETURN';
export type TradeMode = 'full' | 'disabled' | 'longonly' | 'shortonly' | 'closeonly';
/** Market: the price of the request is ignored; instant: a price off by more than the deviation is requoted. */
export type Execution = 'market' | 'instant';

export type SymbolSpec = {
  name: string;
  description: string;
  digits: number;
  point: number;
  tickSize: number;
  /** Money (account currency) per tick of price per lot. */
  tickValue: number;
  contractSize: number;
  volumeMin: number;
  volumeMax: number;
  volumeStep: number;
  /** Points: stops closer than this to the price are refused (SYMBOL_TRADE_STOPS_LEVEL). */
  stopsLevel: number;
  /** Points: orders and stops this close to the price may not be changed (SYMBOL_TRADE_FREEZE_LEVEL). */
  freezeLevel: number;
  /** The filling modes the symbol declares in SYMBOL_FILLING_MODE (FOK and IOC have flags). */
  fillingDeclared: Filling[];
  /** The modes the trade server really takes (a broker may declare one and take another). */
  fillingAccepted: Filling[];
  tradeMode: TradeMode;
  execution: Execution;
  /** Whether the session is open: outside it every trade is refused as market closed. */
  sessionOpen: boolean;
  /** Money charged per lot on each deal (negative, as MT reports commission). */
  commissionPerLot: number;
  currencyBase: string;
  currencyProfit: string;
};

export type SymbolOptions = Partial<SymbolSpec> & { name: string };

/** A symbol with FX-major defaults (5 digits, 100,000 units, 0.01 lots), overridden by `options`. */
export function symbolSpec(options: SymbolOptions): SymbolSpec {
  const digits = options.digits ?? 5;
  const point = options.point ?? 10 ** -digits;
  return {
    description: options.name,
    digits,
    point,
    tickSize: point,
    tickValue: 1,
    contractSize: 100_000,
    volumeMin: 0.01,
    volumeMax: 100,
    volumeStep: 0.01,
    stopsLevel: 0,
    freezeLevel: 0,
    fillingDeclared: ['FOK', 'IOC'],
    fillingAccepted: options.fillingDeclared ?? ['FOK', 'IOC'],
    tradeMode: 'full',
    execution: 'market',
    sessionOpen: true,
    commissionPerLot: 0,
    currencyBase: options.name.slice(0, 3),
    currencyProfit: 'USD',
    ...options,
  };
}

/** Rounds a price to the symbol's digits (what NormalizeDouble does). */
export function normalizePrice(spec: SymbolSpec, price: number): number {
  return Number(price.toFixed(spec.digits));
}

/** Whether `volume` is a whole number of steps between the minimum and the maximum. */
export function volumeProblem(spec: SymbolSpec, volume: number): string | undefined {
  if (!(volume > 0)) return 'volume must be above 0';
  if (volume < spec.volumeMin - 1e-9) return `volume ${volume} below the minimum ${spec.volumeMin}`;
  if (volume > spec.volumeMax + 1e-9) return `volume ${volume} above the maximum ${spec.volumeMax}`;
  const steps = volume / spec.volumeStep;
  if (Math.abs(steps - Math.round(steps)) > 1e-6)
    return `volume ${volume} is not a multiple of the step ${spec.volumeStep}`;
  return undefined;
}
