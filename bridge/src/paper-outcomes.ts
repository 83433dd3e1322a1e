import type { ExecutionOutcome } from './ea-types.ts';
import type { SymbolSpec } from './paper-symbols.ts';

/** MT5 trade-server return codes and MQL5 runtime errors the paper terminal reports. */
export const retcodes = {
  done: 10009,
  invalidVolume: 10014,
  invalidPrice: 10015,
  invalidStops: 10016,
  tradeDisabled: 10017,
  marketClosed: 10018,
  noMoney: 10019,
  closeOnly: 10044,
  /** ERR_MARKET_UNKNOWN_SYMBOL */
  unknownSymbol: 4301,
  /** ERR_TRADE_POSITION_NOT_FOUND */
  positionNotFound: 4753,
  /** ERR_TRADE_ORDER_NOT_FOUND */
  orderNotFound: 4754,
} as const;

export const fail = (retcode: number | undefined, message: string): ExecutionOutcome => ({
  status: 'error',
  ...(retcode === undefined ? {} : { retcode }),
  message,
});

export const unknownSymbol = (name: string) =>
  fail(
    retcodes.unknownSymbol,
    `Unknown symbol "${name}": no such symbol at this broker (also tried its prefix/suffix variants).`,
  );
export const tradeDisabled = (spec: SymbolSpec) =>
  fail(retcodes.tradeDisabled, `Trading is disabled for ${spec.name} at this broker.`);
export const marketClosed = (spec: SymbolSpec) =>
  fail(
    retcodes.marketClosed,
    `Market is closed for ${spec.name}: try again during its trading hours.`,
  );
