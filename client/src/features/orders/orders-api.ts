import type {
  OrderHistoryReply,
  OrderPeriod,
  OrderSortField,
  OrderStatistics,
  OrderView,
} from '@signalrelay/contracts/orders';
import { api } from '../../lib/api-client.ts';

/** The Order History calls (spec section 7), typed by the server's contracts. */

export type { OrderHistoryReply, OrderPeriod, OrderSortField, OrderStatistics, OrderView };

export type OrderQuery = {
  status: 'all' | OrderView['status'];
  platform: 'all' | OrderView['platform'];
  orderType: 'all' | OrderView['orderType'];
  period: OrderPeriod;
  sortBy: OrderSortField;
  sortOrder: 'desc' | 'asc';
  page: number;
  pageSize: number;
};

const queryString = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

export const ordersApi = {
  history: (licenseNumber: string, query: OrderQuery, signal?: AbortSignal) =>
    api.get<OrderHistoryReply>(`/api/orders/history?${queryString({ licenseNumber, ...query })}`, {
      signal,
    }),
  statistics: (licenseNumber: string, signal?: AbortSignal) =>
    api.get<OrderStatistics>(`/api/orders/statistics?${queryString({ licenseNumber })}`, {
      signal,
    }),
  deleteHistory: () => api.delete<{ ok: true; deleted: number }>('/api/orders/delete-history'),
  /** A ticket is unique per platform and account only: name the row exactly. */
  deleteOrder: (order: Pick<OrderView, 'ticket' | 'platform' | 'account'>, licenseNumber: string) =>
    api.delete<{ ok: true; deleted: number }>(
      `/api/orders/${encodeURIComponent(order.ticket)}?${queryString({
        licenseNumber,
        platform: order.platform,
        account: order.account,
      })}`,
    ),
};
