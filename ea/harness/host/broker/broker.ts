import { Clock, type ServerZone } from '../clock.ts';
import { Account, type AccountOptions, type Side } from './account.ts';
import { FaultQueue } from './faults.ts';
import { triggerMt4Pending } from './mt4-pending.ts';
import { triggerMt4Stops } from './mt4-trade.ts';
import { triggerMt5Stops } from './mt5-book.ts';
import { triggerMt5Pending } from './mt5-pending.ts';
import { type SymbolOptions, type SymbolSpec, symbolSpec } from './symbols.ts';

export type Quote = { bid: number; ask: number; timeMs: number };

/** One MT5 trade transaction as OnTradeTransaction receives it (MQL field names, enums by name). */
export type TradeTransaction = {
  trans: Record<string, unknown>;
  request: Record<string, unknown>;
  result: Record<string, unknown>;
};

type TickListener = (symbol: string) => void;
type TradeListener = (account: Account, event: TradeTransaction) => void;
type FillListener = (account: Account, ticket: number) => void;

/**
 * The simulated broker: instruments, their prices, accounts, and the injectable faults. The
 * trade rules live in mt5-trade.ts and mt4-trade.ts; this class holds the state they share
 * and the arithmetic of money (profit, margin, equity) both platforms use.
 */
export class Broker {
  readonly clock: Clock;
  readonly faults = new FaultQueue();
  private readonly symbolList: SymbolSpec[] = [];
  private readonly quotes = new Map<string, Quote>();
  private readonly accounts = new Map<number, Account>();
  private readonly tickListeners = new Set<TickListener>();
  private readonly tradeListeners = new Set<TradeListener>();
  private readonly fillListeners = new Set<FillListener>();
  private orderTicket = 50_000_001;
  private dealTicket = 40_000_001;

  constructor(options: { zone?: ServerZone } = {}) {
    this.clock = new Clock(options.zone);
  }

  // --- instruments and prices

  addSymbol(options: SymbolOptions & { bid?: number; ask?: number }): SymbolSpec {
    const { bid, ask, ...rest } = options;
    if (this.findSymbol(rest.name)) throw new Error(`broker: symbol ${rest.name} exists already`);
    const spec = symbolSpec(rest);
    this.symbolList.push(spec);
    if (bid !== undefined) this.setPrice(spec.name, bid, ask);
    return spec;
  }

  /** Every symbol of the trade server, in the order SymbolName(i, false) lists them. */
  allSymbols(): readonly SymbolSpec[] {
    return this.symbolList;
  }

  /** Exact name, as the trade server spells it (MT5 symbol names are case-sensitive). */
  findSymbol(name: string): SymbolSpec | undefined {
    return this.symbolList.find((s) => s.name === name);
  }

  symbol(name: string): SymbolSpec {
    const spec = this.findSymbol(name);
    if (!spec) throw new Error(`broker: no symbol ${name}`);
    return spec;
  }

  quote(symbol: string): Quote | undefined {
    return this.quotes.get(symbol);
  }

  /**
   * A new quote (ask defaults to bid + the current spread): expired pending orders are deleted,
   * pending orders, stops and take profits it reaches are executed, then the terminals are
   * told (OnTick).
   */
  setPrice(symbol: string, bid: number, ask?: number): void {
    const spec = this.symbol(symbol);
    const old = this.quotes.get(symbol);
    const spread = old ? old.ask - old.bid : 0;
    const round = (p: number) => Number(p.toFixed(spec.digits));
    this.quotes.set(symbol, {
      bid: round(bid),
      ask: round(ask ?? bid + spread),
      timeMs: this.clock.utcMs(),
    });
    triggerMt5Pending(this, symbol);
    triggerMt4Pending(this, symbol);
    triggerMt5Stops(this, symbol);
    triggerMt4Stops(this, symbol);
    for (const listener of this.tickListeners) listener(symbol);
  }

  /** Moves bid and ask by `points` (negative: down). */
  move(symbol: string, points: number): void {
    const q = this.quotes.get(symbol);
    if (!q) throw new Error(`broker: ${symbol} has no price to move`);
    const delta = points * this.symbol(symbol).point;
    this.setPrice(symbol, q.bid + delta, q.ask + delta);
  }

  /** A queued `slip` fault of `call` moves `symbol` now, before the trade server checks the request. */
  slipBefore(call: string, symbol: string): void {
    const fault = this.faults.peek(call);
    if (!fault || !('slip' in fault)) return;
    this.faults.take(call);
    this.move(symbol, fault.slip);
  }

  /** The server time of the last quote of any symbol (MT TimeCurrent), UTC ms. */
  lastQuoteMs(): number {
    let last = 0;
    for (const q of this.quotes.values()) last = Math.max(last, q.timeMs);
    return last || this.clock.utcMs();
  }

  // --- accounts

  addAccount(options: AccountOptions): Account {
    if (this.accounts.has(options.login))
      throw new Error(`broker: account ${options.login} exists`);
    const account = new Account(options);
    this.accounts.set(account.login, account);
    return account;
  }

  allAccounts(): Account[] {
    return [...this.accounts.values()];
  }

  account(login: number): Account {
    const account = this.accounts.get(login);
    if (!account) throw new Error(`broker: no account ${login}`);
    return account;
  }

  // --- money: profit in account currency is price distance / tick size * tick value per lot

  profit(symbol: string, side: Side, volume: number, open: number, close: number): number {
    const spec = this.symbol(symbol);
    const direction = side === 'buy' ? 1 : -1;
    const money = (((close - open) * direction) / spec.tickSize) * spec.tickValue * volume;
    return Math.round(money * 100) / 100;
  }

  /** Margin of `volume` lots at `price`: notional in account currency / leverage. */
  marginFor(account: Account, symbol: string, volume: number, price: number): number {
    const spec = this.symbol(symbol);
    return (volume * price * spec.tickValue) / spec.tickSize / account.leverage;
  }

  /** The price an open trade of `side` would close at now (bid for buys, ask for sells). */
  closingPrice(symbol: string, side: Side): number {
    const q = this.quotes.get(symbol);
    if (!q) return 0;
    return side === 'buy' ? q.bid : q.ask;
  }

  /** The account's open trades (MT5 positions, MT4 market orders) at their opening price. */
  private openTrades(account: Account) {
    return account.kind === 'mt4'
      ? account
          .openMt4Orders()
          .filter((o) => o.type === 'buy' || o.type === 'sell')
          .map((o) => ({
            symbol: o.symbol,
            side: o.type as Side,
            volume: o.lots,
            price: o.openPrice,
          }))
      : account.positions.map((p) => ({ ...p, price: p.priceOpen }));
  }

  floating(account: Account): number {
    let sum = 0;
    for (const p of this.openTrades(account))
      sum += this.profit(p.symbol, p.side, p.volume, p.price, this.closingPrice(p.symbol, p.side));
    return Math.round(sum * 100) / 100;
  }

  equity(account: Account): number {
    return Math.round((account.balance + this.floating(account)) * 100) / 100;
  }

  margin(account: Account): number {
    let sum = 0;
    for (const p of this.openTrades(account))
      sum += this.marginFor(account, p.symbol, p.volume, p.price);
    return Math.round(sum * 100) / 100;
  }

  freeMargin(account: Account): number {
    return Math.round((this.equity(account) - this.margin(account)) * 100) / 100;
  }

  // --- tickets and events, for the trade modules

  newOrderTicket(): number {
    return this.orderTicket++;
  }

  newDealTicket(): number {
    return this.dealTicket++;
  }

  onTick(listener: TickListener): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  onTrade(listener: TradeListener): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  emitTrade(account: Account, event: TradeTransaction): void {
    for (const listener of this.tradeListeners) listener(account, event);
  }

  /**
   * Called the moment a market order opens at the broker (MT5 position id / MT4 ticket), before
   * the caller hears the reply: where a scenario cuts the network or kills the server.
   */
  onFill(listener: FillListener): () => void {
    this.fillListeners.add(listener);
    return () => this.fillListeners.delete(listener);
  }

  emitFill(account: Account, ticket: number): void {
    for (const listener of this.fillListeners) listener(account, ticket);
  }
}
