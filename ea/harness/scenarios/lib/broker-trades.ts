import type { Side } from '../../host/broker/account.ts';
import { orderSend as mt4OrderSend, orderClose } from '../../host/broker/mt4-trade.ts';
import { orderSend as mt5OrderSend } from '../../host/broker/mt5-trade.ts';
import type { TradeContext } from '../../host/broker/trade-context.ts';
import type { World } from './world.ts';

/**
 * Trades a scenario books at the broker itself, through the same trade rules the EA meets: the
 * trader's own (manual) trades, and history (with `world.broker.clock.during(past, ...)`).
 */
const handContext = (world: World): TradeContext => ({
  account: world.account,
  connected: true,
  autoTrading: true,
  eaTradeAllowed: true,
});

type Open = { symbol: string; side: Side; volume: number; magic?: number; comment?: string };

/** Opens at market; returns the MT5 position id or the MT4 ticket. */
export function openAtBroker(world: World, t: Open): number {
  const q = world.broker.quote(t.symbol)!;
  const price = t.side === 'buy' ? q.ask : q.bid;
  const magic = t.magic ?? 0;
  const comment = t.comment ?? 'manual';
  if (world.account.kind === 'mt4') {
    const { ret, err } = mt4OrderSend(world.broker, handContext(world), {
      ...{ symbol: t.symbol, type: t.side, volume: t.volume, price, slippage: 0, sl: 0, tp: 0 },
      comment,
      magic,
    });
    if (ret < 0) throw new Error(`the broker refused the ${t.side} of ${t.symbol}: error ${err}`);
    return ret;
  }
  const { ok, result } = mt5OrderSend(
    world.broker,
    handContext(world),
    deal(t.symbol, t.side, t.volume, price, 0, magic, comment),
  );
  if (!ok)
    throw new Error(`the broker refused the ${t.side} of ${t.symbol}: retcode ${result.retcode}`);
  return result.order;
}

/** A buy limit waiting at `price` (MT5 pending order, MT4 OP_BUYLIMIT); returns its ticket. */
export function buyLimitAtBroker(
  world: World,
  t: { symbol: string; volume: number; price: number; magic: number },
): number {
  if (world.account.kind === 'mt4') {
    const { ret, err } = mt4OrderSend(world.broker, handContext(world), {
      ...{ symbol: t.symbol, type: 'buylimit', volume: t.volume, price: t.price, slippage: 0 },
      ...{ sl: 0, tp: 0, comment: 'pending', magic: t.magic },
    });
    if (ret < 0) throw new Error(`the broker refused the buy limit on ${t.symbol}: error ${err}`);
    return ret;
  }
  const { ok, result } = mt5OrderSend(world.broker, handContext(world), {
    ...deal(t.symbol, 'buy', t.volume, t.price, 0, t.magic, 'pending'),
    action: 'TRADE_ACTION_PENDING',
    type: 'ORDER_TYPE_BUY_LIMIT',
  });
  if (!ok)
    throw new Error(`the broker refused the buy limit on ${t.symbol}: retcode ${result.retcode}`);
  return result.order;
}

/** Pending orders waiting at the broker (MT5 orders, MT4 limit and stop orders). */
export function pendingAtBroker(world: World): { ticket: number; symbol: string }[] {
  if (world.account.kind !== 'mt4') return world.account.orders;
  return world.account.openMt4Orders().filter((o) => o.type !== 'buy' && o.type !== 'sell');
}

/** Closes `volume` of a position (MT5 id) or order (MT4 ticket) at market. */
export function closeAtBroker(world: World, ticket: number, volume: number): void {
  if (world.account.kind === 'mt4') {
    const order = world.account.mt4Orders.find((o) => o.ticket === ticket)!;
    const price = world.broker.closingPrice(order.symbol, order.type as Side);
    const { ret, err } = orderClose(world.broker, handContext(world), {
      ticket,
      lots: volume,
      price,
      slippage: 0,
    });
    if (!ret) throw new Error(`the broker refused to close #${ticket}: error ${err}`);
    return;
  }
  const p = world.account.positions.find((x) => x.identifier === ticket)!;
  const side: Side = p.side === 'buy' ? 'sell' : 'buy';
  const price = world.broker.closingPrice(p.symbol, p.side);
  const { ok, result } = mt5OrderSend(
    world.broker,
    handContext(world),
    deal(p.symbol, side, volume, price, p.ticket, p.magic, ''),
  );
  if (!ok) throw new Error(`the broker refused to close #${ticket}: retcode ${result.retcode}`);
}

function deal(
  symbol: string,
  side: Side,
  volume: number,
  price: number,
  position: number,
  magic: number,
  comment: string,
) {
  return {
    action: 'TRADE_ACTION_DEAL',
    magic,
    order: 0,
    symbol,
    volume,
    price,
    stoplimit: 0,
    sl: 0,
    tp: 0,
    deviation: 0,
    type: side === 'buy' ? 'ORDER_TYPE_BUY' : 'ORDER_TYPE_SELL',
    type_filling: 'ORDER_FILLING_FOK',
    type_time: 'ORDER_TIME_GTC',
    expiration: 0,
    comment,
    position,
    position_by: 0,
  };
}
