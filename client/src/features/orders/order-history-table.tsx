import { Fragment, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { Table, TBody, Td, THead, Th, Tr } from '../../components/table.tsx';
import {
  OrderCells,
  type OrderColumn,
  OrderHeaderCells,
  type OrderRowData,
  orderColumns,
} from '../../components/trading/order-row.tsx';
import { cn } from '../../lib/cn.ts';
import { desktopQuery, useMediaQuery } from '../../lib/use-media-query.ts';
import { OrderDetailsDesktop, OrderDetailsMobile } from './order-details.tsx';
import type { OrderView } from './orders-api.ts';

const columns: readonly OrderColumn[] = [
  'ticket',
  'symbol',
  'type',
  'lots',
  'openPrice',
  'closePrice',
  'profit',
  'status',
];

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

function Chevron({ open }: { open: boolean }) {
  return (
    <ChevronDownIcon
      className={cn('size-4 text-ink-subtle transition-transform', open && 'rotate-180')}
    />
  );
}

type Props = {
  orders: OrderView[];
  /** Shows the Action column (desktop) / a Delete button per card (phones). */
  deleteMode: boolean;
  /** The order being deleted (its button spins), by `_id`. */
  deletingId: string | null;
  onDelete: (order: OrderView) => void;
};

function DeleteButton({
  order,
  deleting,
  busy,
  onDelete,
}: {
  order: OrderView;
  deleting: boolean;
  busy: boolean;
  onDelete: (order: OrderView) => void;
}) {
  return (
    <Button
      variant="danger"
      size="sm"
      loading={deleting}
      disabled={busy}
      aria-label={`Delete order #${order.ticket}`}
      onClick={(event) => {
        event.stopPropagation();
        onDelete(order);
      }}
    >
      Delete
    </Button>
  );
}

/**
 * The orders of one page: a table on wide screens, cards on phones. A row or card opens its
 * details; one at a time, a second click closes it.
 */
export function OrderHistoryTable({ orders, deleteMode, deletingId, onDelete }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));
  const desktop = useMediaQuery(desktopQuery);
  const busy = deletingId !== null;

  if (desktop) {
    const width = columns.length + 1 + (deleteMode ? 1 : 0);
    return (
      <Table caption="Order history">
        <THead>
          <tr>
            <OrderHeaderCells columns={columns} />
            {deleteMode && <Th className="text-right">Action</Th>}
            <Th>
              <span className="sr-only">Details</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {orders.map((order) => {
            const open = openId === order._id;
            return (
              <Fragment key={order._id}>
                <Tr
                  data-order-ticket={order.ticket}
                  className={cn(
                    'cursor-pointer hover:bg-surface-muted',
                    open && 'bg-surface-muted',
                  )}
                  onClick={() => toggle(order._id)}
                >
                  <OrderCells order={rowData(order)} columns={columns} />
                  {deleteMode && (
                    <Td className="text-right">
                      <DeleteButton
                        order={order}
                        deleting={deletingId === order._id}
                        busy={busy}
                        onDelete={onDelete}
                      />
                    </Td>
                  )}
                  <Td className="w-10 text-right">
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-label={`${open ? 'Hide' : 'Show'} details of order #${order.ticket}`}
                      className="rounded-md p-1 hover:bg-surface-sunken"
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(order._id);
                      }}
                    >
                      <Chevron open={open} />
                    </button>
                  </Td>
                </Tr>
                {open && (
                  <tr className="bg-surface-muted" data-order-details={order.ticket}>
                    <td colSpan={width} className="px-4 pt-1 pb-4">
                      <OrderDetailsDesktop order={order} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </TBody>
      </Table>
    );
  }

  return (
    <ul aria-label="Order history" className="space-y-3">
      {orders.map((order) => {
        const open = openId === order._id;
        const data = rowData(order);
        return (
          <li
            key={order._id}
            data-order-ticket={order.ticket}
            className="rounded-xl border border-line bg-surface shadow-xs"
          >
            <button
              type="button"
              aria-expanded={open}
              aria-label={`Order #${order.ticket}, ${order.symbol}: ${open ? 'hide' : 'show'} details`}
              className="flex w-full items-start justify-between gap-3 p-4 text-left"
              onClick={() => toggle(order._id)}
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  {orderColumns.symbol.cell(data)}
                  {orderColumns.type.cell(data)}
                </div>
                <p className="text-xs text-ink-muted">#{order.ticket}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {orderColumns.profit.cell(data)}
                {orderColumns.status.cell(data)}
                <Chevron open={open} />
              </div>
            </button>
            {open && (
              <div
                className="border-t border-line bg-surface-muted p-3"
                data-order-details={order.ticket}
              >
                <OrderDetailsMobile order={order} />
              </div>
            )}
            {deleteMode && (
              <div className="flex justify-end border-t border-line px-4 py-2">
                <DeleteButton
                  order={order}
                  deleting={deletingId === order._id}
                  busy={busy}
                  onDelete={onDelete}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
