import type { Column } from '../table.tsx';
import { formatNumber, formatPrice } from './format.ts';
import { ProfitValue } from './profit-value.tsx';
import {
  type OrderStatus,
  OrderStatusBadge,
  type OrderType,
  OrderTypeLabel,
} from './trading-badges.tsx';

export type OrderRowData = {
  ticket: string;
  symbol: string;
  orderType: OrderType;
  lots: number;
  openPrice?: number;
  closePrice?: number | null;
  profit: number;
  status: OrderStatus;
};

/** Every column an order table can show; a table picks the ones it needs, in order. */
export const orderColumns = {
  ticket: { header: 'Ticket', cell: (o) => <span className="font-mono text-xs">{o.ticket}</span> },
  symbol: { header: 'Symbol', cell: (o) => <span className="font-medium">{o.symbol}</span> },
  type: { header: 'Type', cell: (o) => <OrderTypeLabel type={o.orderType} /> },
  lots: { header: 'Lots', numeric: true, cell: (o) => formatNumber(o.lots) },
  openPrice: {
    header: 'Open Price',
    numeric: true,
    cell: (o) => (o.openPrice === undefined ? '-' : formatPrice(o.openPrice)),
  },
  closePrice: {
    header: 'Close Price',
    numeric: true,
    cell: (o) => (o.closePrice ? formatPrice(o.closePrice) : '-'),
  },
  profit: { header: 'Profit', numeric: true, cell: (o) => <ProfitValue value={o.profit} /> },
  status: { header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
} satisfies Record<string, Column<OrderRowData>>;

export type OrderColumn = keyof typeof orderColumns;
