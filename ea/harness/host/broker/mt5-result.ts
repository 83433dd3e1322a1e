import type { Broker } from './broker.ts';
import { type Mt5Request, type Refusal, retcodeComment } from './mt5-checks.ts';

/** MqlTradeResult (mql5.com/en/docs/constants/structures/mqltraderesult). */
export type Mt5Result = {
  retcode: number;
  deal: number;
  order: number;
  volume: number;
  price: number;
  bid: number;
  ask: number;
  comment: string;
  request_id: number;
  retcode_external: number;
};

/** OrderSend's answer: its bool, the result struct, and _LastError when it returns false. */
export type SendOutcome = { ok: boolean; result: Mt5Result; err?: number };

/** ERR_TRADE_SEND_FAILED: OrderSend returned false (mql5.com/en/docs/constants/errorswarnings/errorcodes). */
export const errSendFailed = 4756;
let requestId = 1;

/** A result with the symbol's current quote, the code's comment and a fresh request id. */
export function resultOf(broker: Broker, symbol: string, fields: Partial<Mt5Result>): Mt5Result {
  const q = broker.quote(symbol);
  const code = fields.retcode ?? 0;
  return {
    retcode: code,
    deal: 0,
    order: 0,
    volume: 0,
    price: 0,
    bid: q?.bid ?? 0,
    ask: q?.ask ?? 0,
    comment: retcodeComment[code] ?? '',
    request_id: requestId++,
    retcode_external: 0,
    ...fields,
  };
}

export const refused = (broker: Broker, req: Mt5Request, r: Refusal): SendOutcome => ({
  ok: false,
  result: resultOf(broker, req.symbol, r),
  err: errSendFailed,
});

/** The request executed: retcode DONE with `fields`. */
export const done = (broker: Broker, symbol: string, fields: Partial<Mt5Result> = {}) => ({
  ok: true,
  result: resultOf(broker, symbol, { retcode: 10009, ...fields }),
});
