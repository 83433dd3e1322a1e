import type { Account, Deal, Mt4Order, Mt5Order, Position } from '../broker/account.ts';
import type { Broker } from '../broker/broker.ts';
import type { TradeContext } from '../broker/trade-context.ts';
import type { Terminal } from '../terminal.ts';

/**
 * One call from an EA process and its answer (ea/harness/README.md, "The terminal layer and
 * the host protocol"): `ret` is the return value, `err` what _LastError becomes (only when the
 * call fails, as MQL leaves it alone on success), `out` the by-reference parameters by name.
 */
export type Reply = { ret: unknown; err?: number; out?: Record<string, unknown> };

/** What one EA process has selected: MQL copies a selection into the program (snapshots). */
export type Session = {
  program: string;
  platform: 'mt4' | 'mt5';
  chart: string;
  chartId: number;
  /** MQL_TRADE_ALLOWED: the EA's own "Allow Algo Trading" box. */
  eaTradeAllowed: boolean;
  position?: Position;
  order?: Mt5Order;
  historyDeals: Deal[];
  historyOrders: Mt5Order[];
  mt4Order?: Mt4Order & { closingPrice: number; floating: number };
};

export type CallContext = { terminal: Terminal; broker: Broker; session: Session };
export type Handler = (c: CallContext, args: unknown[]) => Reply;
export type HandlerTable = Record<string, Handler>;

export function str(args: unknown[], i: number, what: string): string {
  const v = args[i];
  if (typeof v !== 'string')
    throw new Error(`host: ${what} argument ${i + 1} must be a string, got ${JSON.stringify(v)}`);
  return v;
}

export function num(args: unknown[], i: number, what: string): number {
  const v = args[i];
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'number')
    throw new Error(`host: ${what} argument ${i + 1} must be a number, got ${JSON.stringify(v)}`);
  return v;
}

export function obj(args: unknown[], i: number, what: string): Record<string, unknown> {
  const v = args[i];
  if (v === null || typeof v !== 'object')
    throw new Error(`host: ${what} argument ${i + 1} must be a struct`);
  return v as Record<string, unknown>;
}

/** The account the terminal is logged in to; trading calls need one. */
export function loggedIn(c: CallContext): Account {
  const account = c.terminal.account;
  if (!account) throw new Error('host: a trade call while the terminal is logged in to no account');
  return account;
}

export function tradeContext(c: CallContext): TradeContext {
  return {
    account: loggedIn(c),
    connected: c.terminal.connected,
    autoTrading: c.terminal.autoTrading,
    eaTradeAllowed: c.session.eaTradeAllowed,
  };
}

/**
 * A property getter's answer in both MQL forms: `T F(..., prop)` returns the value, and
 * `bool F(..., prop, T &value)` (one argument more than `arity`) returns true with the value
 * in `out.value`. `undefined` means "not available": 0 (`empty`: '' for the *String
 * getters) / false with `err`.
 */
export function property(
  args: unknown[],
  arity: number,
  value: unknown,
  err: number,
  empty: 0 | '' = 0,
): Reply {
  const byRef = args.length > arity;
  if (value === undefined)
    return { ret: byRef ? false : empty, err, ...(byRef ? { out: { value: empty } } : {}) };
  return byRef ? { ret: true, out: { value } } : { ret: value };
}

/** Server time of a UTC instant: seconds (datetime) and milliseconds (the *_MSC properties). */
export function serverSeconds(c: CallContext, utcMs: number): number {
  return Math.floor(c.broker.clock.serverMs(utcMs) / 1000);
}

export function serverMs(c: CallContext, utcMs: number): number {
  return c.broker.clock.serverMs(utcMs);
}

/** What a getter answers when it has nothing: '' for the *String functions, else 0. */
export const emptyOf = (call: string): 0 | '' => (call.endsWith('String') ? '' : 0);
