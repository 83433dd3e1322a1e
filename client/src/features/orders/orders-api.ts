import {
  defaultOrderPageSize,
  type OrderHistoryReply,
  type OrderPeriod,
  type OrderSortField,
  type OrderStatistics,
  type OrderView,
  orderPageSizes,
  orderPeriods,
  orderPlatforms,
  orderSortFields,
  orderStatuses,
  orderTypes,
} from '@signalrelay/contracts/orders';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/query.ts';
import { listSearchSchema } from '../../lib/use-list-search.ts';

/** The Order History calls (spec section 7), typed by the server's contracts. */

export type { OrderHistoryReply, OrderPeriod, OrderSortField, OrderStatistics, OrderView };

export const defaultOrderQuery: OrderQuery = {
  status: 'all',
  platform: 'all',
  orderType: 'all',
  period: 'all',
  sortBy: 'openTime',
  sortOrder: 'desc',
  page: 1,
  pageSize: defaultOrderPageSize,
};

/** Order History's query in the dashboard URL (`?orders=…`): see `lib/use-list-search.ts`. */
export const orderHistorySearch = listSearchSchema({
  status: z.enum(['all', ...orderStatuses]),
  platform: z.enum(['all', ...orderPlatforms]),
  orderType: z.enum(['all', ...orderTypes]),
  period: z.enum(orderPeriods),
  sortBy: z.enum(orderSortFields),
  sortOrder: z.enum(['desc', 'asc']),
  page: z.number().int().min(1),
  pageSize: z.literal(orderPageSizes),
});

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

/** Order History's reads, cached by TanStack Query and refetched when the live channel says orders changed. */
export const orderQueries = {
  history: (licenseNumber: string, query: OrderQuery) =>
    apiQuery<OrderHistoryReply>(
      ['orders', 'history', licenseNumber, query],
      `/api/orders/history?${queryString({ licenseNumber, ...query })}`,
    ),
  statistics: (licenseNumber: string) =>
    apiQuery<OrderStatistics>(
      ['orders', 'statistics', licenseNumber],
      `/api/orders/statistics?${queryString({ licenseNumber })}`,
    ),
};

export const ordersApi = {
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
