import type { Account } from '../../host/broker/account.ts';

/** A pending order at the broker, the same shape on both platforms (MT5 order / MT4 pending order). */
export type PendingOrder = {
  ticket: number;
  symbol: string;
  type: 'buylimit' | 'selllimit' | 'buystop' | 'sellstop';
  volume: number;
  price: number;
  sl: number;
  tp: number;
  /** UTC ms the broker deletes it; 0 = good till cancelled. */
  expirationMs: number;
  magic: number;
  comment: string;
};

export function pendingOrders(account: Account): PendingOrder[] {
  if (account.kind !== 'mt4')
    return account.orders.map((o) => ({
      ticket: o.ticket,
      symbol: o.symbol,
      type: o.type.replace('_', '') as PendingOrder['type'],
      volume: o.volumeCurrent,
      price: o.priceOpen,
      sl: o.sl,
      tp: o.tp,
      expirationMs: o.expirationMs ?? 0,
      magic: o.magic,
      comment: o.comment,
    }));
  return account
    .openMt4Orders()
    .filter((o) => o.type !== 'buy' && o.type !== 'sell')
    .map((o) => ({
      ticket: o.ticket,
      symbol: o.symbol,
      type: o.type as PendingOrder['type'],
      volume: o.lots,
      price: o.openPrice,
      sl: o.sl,
      tp: o.tp,
      expirationMs: o.expirationMs ?? 0,
      magic: o.magic,
      comment: o.comment,
    }));
}
