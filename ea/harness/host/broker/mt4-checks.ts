import type { Mt4OrderType, Side } from './account.ts';
import type { Broker } from './broker.ts';
import { type SymbolSpec, volumeProblem } from './symbols.ts';
import type { TradeContext } from './trade-context.ts';

/**
 * What every MT4 trade request goes through (mt4-trade.ts: market orders, mt4-pending.ts:
 * pending ones): the terminal's switches, injected faults, the account, the symbol's trade
 * mode and session, with the error codes of docs.mql4.com/constants/errorswarnings/errorcodes.
 */
export const mt4Error = {
  NO_RESULT: 1,
  NO_CONNECTION: 6,
  INVALID_PRICE: 129,
  INVALID_STOPS: 130,
  INVALID_TRADE_PARAMETERS: 3,
  INVALID_TRADE_VOLUME: 131,
  MARKET_CLOSED: 132,
  TRADE_DISABLED: 133,
  NOT_ENOUGH_MONEY: 134,
  OFF_QUOTES: 136,
  REQUOTE: 138,
  TRADE_MODIFY_DENIED: 145,
  UNKNOWN_SYMBOL: 4106,
  INVALID_TICKET: 4108,
  TRADE_NOT_ALLOWED: 4109,
  LONGS_NOT_ALLOWED: 4110,
  SHORTS_NOT_ALLOWED: 4111,
} as const;

export type Mt4Outcome<T> = { ret: T; err?: number };

export type Mt4SendRequest = {
  symbol: string;
  type: Mt4OrderType;
  volume: number;
  price: number;
  slippage: number;
  sl: number;
  tp: number;
  comment: string;
  magic: number;
  /** Pending orders: UTC ms when the broker deletes it; absent or 0 = never. */
  expirationMs?: number;
};

export function clientRefusal(broker: Broker, ctx: TradeContext, call: string): number | undefined {
  if (!ctx.connected) return mt4Error.NO_CONNECTION;
  if (!ctx.autoTrading || !ctx.eaTradeAllowed) return mt4Error.TRADE_NOT_ALLOWED;
  const fault = broker.faults.peek(call);
  if (fault && 'refuse' in fault) {
    broker.faults.take(call);
    return fault.refuse;
  }
  return undefined;
}

/** A price the request names must be normalized and within `slippage` points of `market`. */
export function priceProblem(spec: SymbolSpec, price: number, market: number, slippage: number) {
  if (!(price > 0) || Math.abs(price - Number(price.toFixed(spec.digits))) > 1e-10)
    return mt4Error.INVALID_PRICE;
  if (Math.abs(price - market) > slippage * spec.point + 1e-9) return mt4Error.REQUOTE;
  return undefined;
}

/** Why an order of `side` and `volume` on `spec` may not open now, or undefined. */
export function openingRefusal(
  broker: Broker,
  ctx: TradeContext,
  spec: SymbolSpec,
  side: Side,
  volume: number,
): number | undefined {
  if (!ctx.account.tradeAllowed || !ctx.account.expertAllowed) return mt4Error.TRADE_DISABLED;
  if (spec.tradeMode === 'disabled' || spec.tradeMode === 'closeonly')
    return mt4Error.TRADE_DISABLED;
  if (spec.tradeMode === 'longonly' && side === 'sell') return mt4Error.SHORTS_NOT_ALLOWED;
  if (spec.tradeMode === 'shortonly' && side === 'buy') return mt4Error.LONGS_NOT_ALLOWED;
  if (!spec.sessionOpen) return mt4Error.MARKET_CLOSED;
  const q = broker.quote(spec.name);
  if (!q || q.bid <= 0) return mt4Error.OFF_QUOTES;
  if (volumeProblem(spec, volume)) return mt4Error.INVALID_TRADE_VOLUME;
  return undefined;
}

export const sideOf = (type: Mt4OrderType): Side => (type.startsWith('buy') ? 'buy' : 'sell');
