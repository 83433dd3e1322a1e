import { Button } from '../../components/button.tsx';
import type { HistoryListProps } from '../../components/history-list.tsx';
import {
  type OrderColumn,
  type OrderRowData,
  orderColumns,
} from '../../components/trading/order-row.tsx';
import { OrderDetailsDesktop, OrderDetailsMobile } from './order-details.tsx';
import type { OrderView } from './orders-api.ts';

const rowData = (order: OrderView): OrderRowData => ({
  ticket: order.ticket,
  symbol: order.symbol,
  orderType: order.orderType,
  lots: order.lots,
  openPrice: order.openPrice,
  closePrice: order.closePrice,
  profit: order.profit,
  status: order.status,
});

/** An order cell from its row data. */
const cell = (key: OrderColumn) => (order: OrderView) => orderColumns[key].cell(rowData(order));

/** Left out of the table while an order's details (which show them) are docked beside it. */
const inDetails: readonly OrderColumn[] = ['lots', 'openPrice', 'closePrice'];
const columns = (
  ['ticket', 'symbol', 'type', 'lots', 'openPrice', 'closePrice', 'profit', 'status'] as const
).map((key) => ({ ...orderColumns[key], cell: cell(key), secondary: inDetails.includes(key) }));

type Deleting = {
  /** Shows the Action column (desktop) / a Delete button per card (phones). */
  deleteMode: boolean;
  /** The order being deleted (its button spins), by `_id`. */
  deletingId: string | null;
  onDelete: (order: OrderView) => void;
};

/** How Order History lists its orders (the generic history list's settings). */
export function orderHistoryList({
  deleteMode,
  deletingId,
  onDelete,
}: Deleting): Omit<HistoryListProps<OrderView>, 'items'> {
  return {
    label: 'Order history',
    keyOf: (order) => order._id,
    rowData: (order) => ({ 'data-order-ticket': order.ticket }),
    detailsData: (order) => ({ 'data-order-details': order.ticket }),
    columns,
    action: deleteMode
      ? {
          header: 'Action',
          cell: (order) => (
            <Button
              variant="danger"
              size="sm"
              loading={deletingId === order._id}
              disabled={deletingId !== null}
              aria-label={`Delete order #${order.ticket}`}
              onClick={(event) => {
                event.stopPropagation();
                onDelete(order);
              }}
            >
              Delete
            </Button>
          ),
        }
      : undefined,
    toggleLabel: (order, open) => `${open ? 'Hide' : 'Show'} details of order #${order.ticket}`,
    card: {
      label: (order, open) =>
        `Order #${order.ticket}, ${order.symbol}: ${open ? 'hide' : 'show'} details`,
      title: (order) => (
        <>
          {cell('symbol')(order)}
          {cell('type')(order)}
        </>
      ),
      lines: (order) => <p className="text-xs text-ink-muted">#{order.ticket}</p>,
      side: (order) => (
        <>
          {cell('profit')(order)}
          {cell('status')(order)}
        </>
      ),
    },
    detailsTitle: (order) => `Order #${order.ticket}, ${order.symbol}`,
    details: (order, layout) =>
      layout === 'desktop' ? (
        <OrderDetailsDesktop order={order} />
      ) : (
        <OrderDetailsMobile order={order} />
      ),
  };
}
