import type { Position, Side } from './account.ts';
import type { Broker } from './broker.ts';
import { type Filling, type SymbolSpec, volumeProblem } from './symbols.ts';
import { stopsProblem, type TradeContext } from './trade-context.ts';

/**
 * The checks an MT5 trade request goes through before it executes, shared by OrderCheck and
 * OrderSend (mql5.com/en/docs/trading/ordercheck, mql5.com/en/docs/trading/ordersend), each
 * refusal with its trade server return code
 * (mql5.com/en/docs/constants/errorswarnings/enum_trade_return_codes).
 */
export type Mt5Request = {
  action: string;
  magic: number;
  order: number;
  symbol: string;
  volume: number;
  price: number;
  stoplimit: number;
  sl: number;
  tp: number;
  deviation: number;
  type: string;
  type_filling: string;
  type_time: string;
  expiration: number;
  comment: string;
  position: number;
  position_by: number;
};

export const retcode = {
  REQUOTE: 10004,
  REJECT: 10006,
  DONE: 10009,
  DONE_PARTIAL: 10010,
  INVALID: 10013,
  INVALID_VOLUME: 10014,
  INVALID_PRICE: 10015,
  INVALID_STOPS: 10016,
  TRADE_DISABLED: 10017,
  MARKET_CLOSED: 10018,
  NO_MONEY: 10019,
  PRICE_OFF: 10021,
  INVALID_EXPIRATION: 10022,
  NO_CHANGES: 10025,
  SERVER_DISABLES_AT: 10026,
  CLIENT_DISABLES_AT: 10027,
  FROZEN: 10029,
  INVALID_FILL: 10030,
  CONNECTION: 10031,
  INVALID_ORDER: 10035,
  POSITION_CLOSED: 10036,
  INVALID_CLOSE_VOLUME: 10038,
  LONG_ONLY: 10042,
  SHORT_ONLY: 10043,
  CLOSE_ONLY: 10044,
} as const;

/** The trade server's comment for a return code, as MqlTradeResult.comment carries it. */
export const retcodeComment: Record<number, string> = {
  10004: 'Requote',
  10006: 'Request rejected',
  10009: 'Request executed',
  10010: 'Request executed partially',
  10012: 'Request canceled by timeout',
  10013: 'Invalid request',
  10014: 'Invalid volume',
  10015: 'Invalid price',
  10016: 'Invalid stops',
  10017: 'Trade disabled',
  10018: 'Market closed',
  10019: 'No money',
  10020: 'Prices changed',
  10021: 'No quotes',
  10022: 'Invalid expiration',
  10025: 'No changes',
  10026: 'Autotrading disabled by server',
  10027: 'Autotrading disabled by client',
  10029: 'Order or position frozen',
  10030: 'Unsupported filling mode',
  10031: 'No connection',
  10035: 'Invalid order',
  10036: 'Position already closed',
  10038: 'Invalid close volume',
  10042: 'Long positions only',
  10043: 'Short positions only',
  10044: 'Close only',
};

export type Refusal = { retcode: number; comment: string };
export type DealPlan = {
  side: Side;
  /** The position the deal closes or changes; none when it opens a new one. */
  position: Position | undefined;
  opens: boolean;
  price: number;
};

export const refuse = (code: number, detail?: string): Refusal => ({
  retcode: code,
  comment: detail ? `${retcodeComment[code] ?? code} (${detail})` : (retcodeComment[code] ?? ''),
});

const fillingOf = (name: string): Filling | undefined =>
  ({ ORDER_FILLING_FOK: 'FOK', ORDER_FILLING_IOC: 'IOC', ORDER_FILLING_RETURN: 'RETURN' })[name] as
    | Filling
    | undefined;

/** Client-side switches first (the terminal refuses before anything reaches the server). */
export function terminalRefusal(ctx: TradeContext): Refusal | undefined {
  if (!ctx.connected) return refuse(retcode.CONNECTION);
  if (!ctx.autoTrading || !ctx.eaTradeAllowed) return refuse(retcode.CLIENT_DISABLES_AT);
  return undefined;
}

/** The account's own switches: investor password, EAs forbidden by the broker. */
export function accountRefusal(ctx: TradeContext): Refusal | undefined {
  if (!ctx.account.tradeAllowed) return refuse(retcode.TRADE_DISABLED, 'account');
  if (!ctx.account.expertAllowed) return refuse(retcode.SERVER_DISABLES_AT);
  return undefined;
}

/** The symbol's trade mode and session for an order of `side` that `opens` (or only closes). */
export function tradeModeRefusal(
  spec: SymbolSpec,
  side: Side,
  opens: boolean,
): Refusal | undefined {
  if (spec.tradeMode === 'disabled') return refuse(retcode.TRADE_DISABLED);
  if (opens && spec.tradeMode === 'closeonly') return refuse(retcode.CLOSE_ONLY);
  if (opens && spec.tradeMode === 'longonly' && side === 'sell') return refuse(retcode.LONG_ONLY);
  if (opens && spec.tradeMode === 'shortonly' && side === 'buy') return refuse(retcode.SHORT_ONLY);
  if (!spec.sessionOpen) return refuse(retcode.MARKET_CLOSED);
  return undefined;
}

/** Checks a TRADE_ACTION_DEAL; the plan of what it will do, or why it is refused. */
export function checkDeal(broker: Broker, ctx: TradeContext, req: Mt5Request): DealPlan | Refusal {
  const account = ctx.account;
  const spec = broker.findSymbol(req.symbol);
  if (!spec) return refuse(retcode.INVALID, `unknown symbol ${req.symbol}`);
  if (req.type !== 'ORDER_TYPE_BUY' && req.type !== 'ORDER_TYPE_SELL')
    return refuse(retcode.INVALID, `a deal is a buy or a sell, not ${req.type}`);
  const side: Side = req.type === 'ORDER_TYPE_BUY' ? 'buy' : 'sell';
  const refusedAccount = accountRefusal(ctx);
  if (refusedAccount) return refusedAccount;

  let position: Position | undefined;
  if (req.position > 0) {
    position = account.positions.find((p) => p.ticket === req.position);
    if (!position) return refuse(retcode.POSITION_CLOSED);
    if (position.side === side) return refuse(retcode.INVALID, 'a close must be the opposite side');
    if (req.volume > position.volume + 1e-9) return refuse(retcode.INVALID_CLOSE_VOLUME);
  } else if (account.netting) {
    position = account.positions.find((p) => p.symbol === req.symbol);
  }
  const opens = !position || position.side === side || req.volume > position.volume + 1e-9;
  const refusedMode = tradeModeRefusal(spec, side, opens);
  if (refusedMode) return refusedMode;
  const q = broker.quote(spec.name);
  if (!q || q.bid <= 0 || q.ask <= 0) return refuse(retcode.PRICE_OFF);
  const volumeIssue = volumeProblem(spec, req.volume);
  if (volumeIssue) return refuse(retcode.INVALID_VOLUME, volumeIssue);
  const filling = fillingOf(req.type_filling);
  if (!filling || !spec.fillingAccepted.includes(filling)) return refuse(retcode.INVALID_FILL);

  const price = side === 'buy' ? q.ask : q.bid;
  if (
    spec.execution === 'instant' &&
    Math.abs(req.price - price) > req.deviation * spec.point + 1e-9
  )
    return refuse(retcode.REQUOTE);
  if (opens && req.position === 0) {
    const problem = stopsProblem(broker, spec, side, req.sl, req.tp);
    if (problem) return refuse(retcode.INVALID_STOPS, problem);
    const added = position && position.side !== side ? req.volume - position.volume : req.volume;
    const margin = broker.marginFor(account, spec.name, added, price);
    if (margin > broker.freeMargin(account) + 1e-9) return refuse(retcode.NO_MONEY);
  }
  return { side, position, opens, price };
}

export const isRefusal = (x: DealPlan | Refusal): x is Refusal => 'retcode' in x;
