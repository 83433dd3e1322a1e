/**
 * A trading account and what it holds. MT5 accounts keep positions, pending orders, deals and
 * history orders (mql5.com/en/docs/trading: "orders, deals and positions"); netting accounts
 * hold one position per symbol, hedging accounts any number
 * (ACCOUNT_MARGIN_MODE, mql5.com/en/docs/constants/environment_state/accountinformation).
 * MT4 accounts keep one list of orders, open and closed (docs.mql4.com/trading).
 * Times are UTC milliseconds; the calls convert them to trade-server time.
 */
export type AccountKind = 'mt5-hedging' | 'mt5-netting' | 'mt4';
export type Side = 'buy' | 'sell';
export type DealReason = 'expert' | 'client' | 'sl' | 'tp';

export type Position = {
  ticket: number;
  /** Stays for the position's life; a netting reversal gives a new ticket, never a new id. */
  identifier: number;
  symbol: string;
  side: Side;
  volume: number;
  priceOpen: number;
  sl: number;
  tp: number;
  openedMs: number;
  updatedMs: number;
  magic: number;
  comment: string;
  swap: number;
};

export type DealEntry = 'in' | 'out' | 'inout' | 'out_by';

export type Deal = {
  ticket: number;
  order: number;
  positionId: number;
  symbol: string;
  type: Side | 'balance';
  entry: DealEntry;
  volume: number;
  price: number;
  profit: number;
  commission: number;
  swap: number;
  fee: number;
  magic: number;
  comment: string;
  timeMs: number;
  reason: DealReason;
};

export type OrderType =
  | 'buy'
  | 'sell'
  | 'buy_limit'
  | 'sell_limit'
  | 'buy_stop'
  | 'sell_stop'
  | 'buy_stop_limit'
  | 'sell_stop_limit';
export type OrderState = 'placed' | 'filled' | 'canceled' | 'rejected' | 'expired';

/** An MT5 order: pending (in `orders`) or done (in `historyOrders`). */
export type Mt5Order = {
  ticket: number;
  type: OrderType;
  state: OrderState;
  symbol: string;
  volumeInitial: number;
  volumeCurrent: number;
  priceOpen: number;
  sl: number;
  tp: number;
  setupMs: number;
  doneMs: number;
  positionId: number;
  magic: number;
  comment: string;
  /** Pending orders: when the broker deletes it (ORDER_TIME_SPECIFIED); 0 = good till cancelled. */
  expirationMs?: number;
};

export type Mt4OrderType = 'buy' | 'sell' | 'buylimit' | 'selllimit' | 'buystop' | 'sellstop';

/** An MT4 order: open while `closeMs` is 0. */
export type Mt4Order = {
  ticket: number;
  symbol: string;
  type: Mt4OrderType;
  lots: number;
  openPrice: number;
  openMs: number;
  sl: number;
  tp: number;
  closePrice: number;
  closeMs: number;
  commission: number;
  swap: number;
  /** Realised profit once closed. */
  profit: number;
  magic: number;
  comment: string;
  /** Pending orders: when the broker deletes it; 0 = none. */
  expirationMs?: number;
};

export type AccountOptions = {
  login: number;
  kind: AccountKind;
  server?: string;
  name?: string;
  company?: string;
  currency?: string;
  balance?: number;
  leverage?: number;
  /** ACCOUNT_TRADE_ALLOWED: false when logged in with the investor password. */
  tradeAllowed?: boolean;
  /** ACCOUNT_TRADE_EXPERT: false when the broker forbids EAs on the account. */
  expertAllowed?: boolean;
};

export class Account {
  readonly login: number;
  readonly kind: AccountKind;
  server: string;
  name: string;
  company: string;
  currency: string;
  balance: number;
  leverage: number;
  tradeAllowed: boolean;
  expertAllowed: boolean;
  readonly positions: Position[] = [];
  readonly orders: Mt5Order[] = [];
  readonly historyOrders: Mt5Order[] = [];
  readonly deals: Deal[] = [];
  readonly mt4Orders: Mt4Order[] = [];

  constructor(options: AccountOptions) {
    this.login = options.login;
    this.kind = options.kind;
    this.server = options.server ?? 'Harness-Demo';
    this.name = options.name ?? 'Harness Trader';
    this.company = options.company ?? 'Harness Broker Ltd';
    this.currency = options.currency ?? 'USD';
    this.balance = options.balance ?? 10_000;
    this.leverage = options.leverage ?? 100;
    this.tradeAllowed = options.tradeAllowed ?? true;
    this.expertAllowed = options.expertAllowed ?? true;
  }

  get platform(): 'mt4' | 'mt5' {
    return this.kind === 'mt4' ? 'mt4' : 'mt5';
  }

  get netting(): boolean {
    return this.kind === 'mt5-netting';
  }

  /** MT4 orders still open (market and pending), in ticket order. */
  openMt4Orders(): Mt4Order[] {
    return this.mt4Orders.filter((o) => o.closeMs === 0);
  }

  closedMt4Orders(): Mt4Order[] {
    return this.mt4Orders.filter((o) => o.closeMs !== 0);
  }
}
