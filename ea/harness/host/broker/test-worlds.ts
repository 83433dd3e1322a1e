import type { AccountKind } from './account.ts';
import { Broker } from './broker.ts';
import type { Mt4SendRequest } from './mt4-checks.ts';
import type { Mt5Request } from './mt5-checks.ts';
import type { SymbolOptions } from './symbols.ts';
import type { TradeContext } from './trade-context.ts';

/**
 * The broker unit tests' world: one EURUSD quoted 1.10000/1.10002 (10-point stops level,
 * overridable), one account of `kind`, and a terminal context that may trade.
 */
export function testWorld(kind: AccountKind, symbol: Partial<SymbolOptions> = {}) {
  const broker = new Broker();
  broker.addSymbol({ name: 'EURUSD', bid: 1.1, ask: 1.10002, stopsLevel: 10, ...symbol });
  const login = kind === 'mt4' ? 123456 : 5012345;
  const account = broker.addAccount({ login, kind, balance: 10_000 });
  const ctx: TradeContext = { account, connected: true, autoTrading: true, eaTradeAllowed: true };
  return { broker, account, ctx };
}

/** An MT5 market buy of 0.1 EURUSD, with `fields` instead. */
export const mt5Request = (fields: Partial<Mt5Request>): Mt5Request => ({
  action: 'TRADE_ACTION_DEAL',
  magic: 7,
  order: 0,
  symbol: 'EURUSD',
  volume: 0.1,
  price: 0,
  stoplimit: 0,
  sl: 0,
  tp: 0,
  deviation: 20,
  type: 'ORDER_TYPE_BUY',
  type_filling: 'ORDER_FILLING_FOK',
  type_time: 'ORDER_TIME_GTC',
  expiration: 0,
  comment: 'SignalRelay abc',
  position: 0,
  position_by: 0,
  ...fields,
});

/** An MT4 market buy of 0.1 EURUSD at the ask, with `fields` instead. */
export const mt4Request = (fields: Partial<Mt4SendRequest> = {}): Mt4SendRequest => ({
  symbol: 'EURUSD',
  type: 'buy',
  volume: 0.1,
  price: 1.10002,
  slippage: 20,
  sl: 0,
  tp: 0,
  comment: 'SignalRelay abc',
  magic: 7,
  ...fields,
});
