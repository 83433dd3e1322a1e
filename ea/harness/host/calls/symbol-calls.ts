import type { SymbolSpec } from '../broker/symbols.ts';
import { enumName, mql } from '../constants.ts';
import {
  type CallContext,
  emptyOf,
  type HandlerTable,
  num,
  property,
  type Reply,
  serverSeconds,
  str,
} from './call.ts';

/**
 * Symbols and quotes: Market Watch (mql5.com/en/docs/marketinformation/symbolstotal,
 * symbolname, symbolselect), SymbolInfo* (mql5.com/en/docs/marketinformation/symbolinfodouble,
 * symbolinfointeger, symbolinfostring, symbolinfotick) and MT4's MarketInfo / RefreshRates
 * (docs.mql4.com/marketinformation/marketinfo, docs.mql4.com/series/refreshrates).
 */
type SymbolGetters = Record<string, (c: CallContext, s: SymbolSpec) => unknown>;

/** ERR_MARKET_UNKNOWN_SYMBOL (MT5) and ERR_UNKNOWN_SYMBOL (MT4). */
const errUnknownSymbol = (c: CallContext) => (c.session.platform === 'mt4' ? 4106 : 4301);

const bid = (c: CallContext, s: SymbolSpec) => c.broker.quote(s.name)?.bid ?? 0;
const ask = (c: CallContext, s: SymbolSpec) => c.broker.quote(s.name)?.ask ?? 0;
const spread = (c: CallContext, s: SymbolSpec) => Math.round((ask(c, s) - bid(c, s)) / s.point);
const quoteTime = (c: CallContext, s: SymbolSpec) =>
  serverSeconds(c, c.broker.quote(s.name)?.timeMs ?? 0);

const tradeModes = {
  full: 'SYMBOL_TRADE_MODE_FULL',
  disabled: 'SYMBOL_TRADE_MODE_DISABLED',
  longonly: 'SYMBOL_TRADE_MODE_LONGONLY',
  shortonly: 'SYMBOL_TRADE_MODE_SHORTONLY',
  closeonly: 'SYMBOL_TRADE_MODE_CLOSEONLY',
} as const;

const symbolDouble: SymbolGetters = {
  SYMBOL_BID: bid,
  SYMBOL_ASK: ask,
  SYMBOL_POINT: (_c, s) => s.point,
  SYMBOL_TRADE_TICK_SIZE: (_c, s) => s.tickSize,
  SYMBOL_TRADE_TICK_VALUE: (_c, s) => s.tickValue,
  SYMBOL_TRADE_TICK_VALUE_PROFIT: (_c, s) => s.tickValue,
  SYMBOL_TRADE_TICK_VALUE_LOSS: (_c, s) => s.tickValue,
  SYMBOL_TRADE_CONTRACT_SIZE: (_c, s) => s.contractSize,
  SYMBOL_VOLUME_MIN: (_c, s) => s.volumeMin,
  SYMBOL_VOLUME_MAX: (_c, s) => s.volumeMax,
  SYMBOL_VOLUME_STEP: (_c, s) => s.volumeStep,
};

const symbolInteger: SymbolGetters = {
  SYMBOL_DIGITS: (_c, s) => s.digits,
  SYMBOL_SPREAD: spread,
  SYMBOL_TRADE_STOPS_LEVEL: (_c, s) => s.stopsLevel,
  SYMBOL_TRADE_FREEZE_LEVEL: (_c, s) => s.freezeLevel,
  SYMBOL_TRADE_MODE: (_c, s) => mql(tradeModes[s.tradeMode]),
  SYMBOL_TRADE_EXEMODE: (_c, s) =>
    mql(
      s.execution === 'market' ? 'SYMBOL_TRADE_EXECUTION_MARKET' : 'SYMBOL_TRADE_EXECUTION_INSTANT',
    ),
  // Flags: only FOK and IOC have one (mql5.com/en/docs/constants/environment_state/marketinfoconstants#symbol_filling_mode).
  SYMBOL_FILLING_MODE: (_c, s) =>
    (s.fillingDeclared.includes('FOK') ? mql('SYMBOL_FILLING_FOK') : 0) |
    (s.fillingDeclared.includes('IOC') ? mql('SYMBOL_FILLING_IOC') : 0),
  SYMBOL_SELECT: (c, s) => (c.terminal.marketWatch.has(s.name) ? 1 : 0),
  SYMBOL_VISIBLE: (c, s) => (c.terminal.marketWatch.has(s.name) ? 1 : 0),
  SYMBOL_TIME: quoteTime,
};

const symbolString: SymbolGetters = {
  SYMBOL_DESCRIPTION: (_c, s) => s.description,
  SYMBOL_CURRENCY_BASE: (_c, s) => s.currencyBase,
  SYMBOL_CURRENCY_PROFIT: (_c, s) => s.currencyProfit,
  SYMBOL_CURRENCY_MARGIN: (_c, s) => s.currencyBase,
};

/** A SymbolInfo* property's getter by its name (a name it does not know fails at load). */
function symbolProperty(name: string): SymbolGetters[string] {
  const get = symbolDouble[name] ?? symbolInteger[name] ?? symbolString[name];
  if (!get) throw new Error(`host: no SymbolInfo* property ${name}`);
  return get;
}

/**
 * MarketInfo's modes (docs.mql4.com/constants/environment_state/marketinfoconstants): the
 * SymbolInfo* properties under MT4's names, and MODE_TRADEALLOWED.
 */
const marketInfo: SymbolGetters = Object.fromEntries(
  Object.entries({
    MODE_BID: 'SYMBOL_BID',
    MODE_ASK: 'SYMBOL_ASK',
    MODE_POINT: 'SYMBOL_POINT',
    MODE_DIGITS: 'SYMBOL_DIGITS',
    MODE_SPREAD: 'SYMBOL_SPREAD',
    MODE_STOPLEVEL: 'SYMBOL_TRADE_STOPS_LEVEL',
    MODE_FREEZELEVEL: 'SYMBOL_TRADE_FREEZE_LEVEL',
    MODE_LOTSIZE: 'SYMBOL_TRADE_CONTRACT_SIZE',
    MODE_TICKVALUE: 'SYMBOL_TRADE_TICK_VALUE',
    MODE_TICKSIZE: 'SYMBOL_TRADE_TICK_SIZE',
    MODE_MINLOT: 'SYMBOL_VOLUME_MIN',
    MODE_MAXLOT: 'SYMBOL_VOLUME_MAX',
    MODE_LOTSTEP: 'SYMBOL_VOLUME_STEP',
    MODE_TRADEALLOWED: (_c: CallContext, s: SymbolSpec) => (s.tradeMode === 'disabled' ? 0 : 1),
    MODE_TIME: 'SYMBOL_TIME',
  }).map(([mode, as]) => [mode, typeof as === 'string' ? symbolProperty(as) : as]),
);

/** A SymbolInfo* getter: unknown symbol -> 0/false with the unknown-symbol error. */
const symbolGetter =
  (call: string, getters: SymbolGetters) =>
  (c: CallContext, args: unknown[]): Reply => {
    const prop = String(args[1]);
    const get = getters[prop];
    if (!get) throw new Error(`host: no ${call}(${prop})`);
    const spec = c.broker.findSymbol(str(args, 0, call));
    return property(args, 2, spec ? get(c, spec) : undefined, errUnknownSymbol(c), emptyOf(call));
  };

/** Market Watch lists symbols in the server's order; `selected` = only those shown. */
function listed(c: CallContext, selected: boolean): SymbolSpec[] {
  return c.broker.allSymbols().filter((s) => !selected || c.terminal.marketWatch.has(s.name));
}

export const symbolCalls: HandlerTable = {
  SymbolsTotal: (c, args) => ({ ret: listed(c, Boolean(args[0])).length }),
  SymbolName: (c, args) => ({
    ret: listed(c, Boolean(args[1]))[num(args, 0, 'SymbolName')]?.name ?? '',
  }),
  SymbolSelect: (c, args) => {
    const spec = c.broker.findSymbol(str(args, 0, 'SymbolSelect'));
    if (!spec) return { ret: false, err: errUnknownSymbol(c) };
    if (args[1]) c.terminal.marketWatch.add(spec.name);
    else c.terminal.marketWatch.delete(spec.name);
    return { ret: true };
  },
  SymbolInfoDouble: symbolGetter('SymbolInfoDouble', symbolDouble),
  SymbolInfoInteger: symbolGetter('SymbolInfoInteger', symbolInteger),
  SymbolInfoString: symbolGetter('SymbolInfoString', symbolString),
  SymbolInfoTick: (c, args) => {
    const spec = c.broker.findSymbol(str(args, 0, 'SymbolInfoTick'));
    const q = spec && c.broker.quote(spec.name);
    if (!q) return { ret: false, err: errUnknownSymbol(c) };
    const timeMsc = c.broker.clock.serverMs(q.timeMs);
    return {
      ret: true,
      out: {
        tick: {
          time: Math.floor(timeMsc / 1000),
          bid: q.bid,
          ask: q.ask,
          last: 0,
          volume: 0,
          time_msc: timeMsc,
          flags: 6,
          volume_real: 0,
        },
      },
    };
  },
  MarketInfo: (c, args) => {
    const spec = c.broker.findSymbol(str(args, 0, 'MarketInfo'));
    const mode = enumName(args[1], Object.keys(marketInfo), 'MarketInfo');
    if (!spec) return { ret: 0, err: errUnknownSymbol(c) };
    return { ret: marketInfo[mode]!(c, spec) };
  },
  // Quotes here are always current: there is nothing to refresh.
  RefreshRates: () => ({ ret: true }),
};
