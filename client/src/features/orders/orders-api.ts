import {
  type OrderHistoryReply,
  type OrderPeriod,
  type OrderSortField,
  type OrderStatistics,
  type OrderView,
  orderHistoryQuerySchema,
} from '@signalrelay/contracts/orders';
import type { z } from 'zod';
import { api, apiPath } from '../../lib/api-client.ts';
import { apiQuery, historyQuery } from '../../lib/query.ts';
import { listSearchSchema } from '../../lib/use-list-search.ts';

/** The Order History calls (spec section 7), typed by the server's contracts. */

export type { OrderHistoryReply, OrderPeriod, OrderSortField, OrderStatistics, OrderView };

/** Order History's filters, sort and page: the API's query without the license. */
const orderQuerySchema = orderHistoryQuerySchema.omit({ licenseNumber: true });
export type OrderQuery = z.output<typeof orderQuerySchema>;
export const defaultOrderQuery: OrderQuery = orderQuerySchema.parse({});
/** Order History's query in the dashboard URL (`?orders=…`): see `lib/use-list-search.ts`. */
export const orderHistorySearch = listSearchSchema(orderQuerySchema);

/** Order History's reads, cached by TanStack Query and refetched when the live channel says orders changed. */
export const orderQueries = {
  history: historyQuery<OrderHistoryReply, OrderQuery>('orders', '/api/orders/history'),
  statistics: (licenseNumber: string) =>
    apiQuery<OrderStatistics>(
      ['orders', 'statistics', licenseNumber],
      apiPath('/api/orders/statistics', { licenseNumber }),
    ),
};

export const ordersApi = {
  deleteHistory: () => api.delete<{ ok: true; deleted: number }>('/api/orders/delete-history'),
  /** A ticket is unique per platform and account only: name the row exactly. */
  deleteOrder: (order: Pick<OrderView, 'ticket' | 'platform' | 'account'>, licenseNumber: string) =>
    api.delete<{ ok: true; deleted: number }>(
      apiPath(`/api/orders/${encodeURIComponent(order.ticket)}`, {
        licenseNumber,
        platform: order.platform,
        account: order.account,
      }),
    ),
};
