import { Fact, FactList } from '../../components/fact-list.tsx';
import {
  formatDuration,
  formatNumber,
  formatPrice,
  formatTimestamp,
  viewerTimeZone,
} from '../../components/trading/format.ts';
import type { OrderView } from './orders-api.ts';

export const formatTime = (iso: string | null) => (iso ? formatTimestamp(iso) : '-');

/** Hours and minutes from open to close; 'Open' while the order is open. */
export function orderDuration(order: OrderView): string {
  if (order.status === 'open' || !order.closeTime) return 'Open';
  return formatDuration(Date.parse(order.closeTime) - Date.parse(order.openTime));
}

const priceOrNone = (value: number) => (value > 0 ? formatPrice(value) : 'None');

/** A row's details drawer on desktop (spec section 2): what the table's columns do not show. */
export function OrderDetailsDesktop({ order }: { order: OrderView }) {
  return (
    <FactList>
      <Fact label="Platform">{order.platform.toUpperCase()}</Fact>
      <Fact label="Stop Loss">{priceOrNone(order.stopLoss)}</Fact>
      <Fact label="Take Profit">{priceOrNone(order.takeProfit)}</Fact>
      <Fact label="Commission">{formatNumber(order.commission)}</Fact>
      <Fact label="Swap">{formatNumber(order.swap)}</Fact>
      <Fact label="Magic Number">{order.magicNumber || 0}</Fact>
      {order.status === 'closed' && <Fact label="Duration">{orderDuration(order)}</Fact>}
      {order.comment && <Fact label="Comment">{order.comment}</Fact>}
      <Fact label={`Open Time (${viewerTimeZone})`}>{formatTime(order.openTime)}</Fact>
      <Fact label={`Close Time (${viewerTimeZone})`}>{formatTime(order.closeTime)}</Fact>
    </FactList>
  );
}

/** A card's details sheet on phones (spec section 2). */
export function OrderDetailsMobile({ order }: { order: OrderView }) {
  return (
    <FactList>
      <Fact label="Lots">{formatNumber(order.lots)}</Fact>
      <Fact label="Open Price">{formatPrice(order.openPrice)}</Fact>
      <Fact label="Close Price">{order.closePrice ? formatPrice(order.closePrice) : '-'}</Fact>
      <Fact label="Duration">{orderDuration(order)}</Fact>
      <Fact label={`Open Time (${viewerTimeZone})`}>{formatTime(order.openTime)}</Fact>
      <Fact label={`Close Time (${viewerTimeZone})`}>{formatTime(order.closeTime)}</Fact>
    </FactList>
  );
}
