import { defaultOrderPageSize } from '@signalrelay/contracts/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents } from '../../stores/live-store.ts';
import { loadErrorText } from './order-messages.ts';
import {
  type OrderHistoryReply,
  type OrderQuery,
  type OrderStatistics,
  ordersApi,
} from './orders-api.ts';

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

/** A burst of live order events (a reconciliation, a basket closing) costs one refetch. */
const refetchAfterEventMs = 300;

/**
 * Order History's data: the filtered page and the statistics of the signed-in license,
 * loaded when the tab opens, on Refresh, and again whenever the live channel says orders
 * changed (or reconnected, since events are lossy).
 */
export function useOrderHistory(licenseNumber: string | null | undefined) {
  const [query, setQuery] = useState<OrderQuery>(defaultOrderQuery);
  const [data, setData] = useState<OrderHistoryReply | null>(null);
  const [stats, setStats] = useState<OrderStatistics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const request = useRef<AbortController | null>(null);
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    if (!licenseNumber) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const [page, figures] = await Promise.all([
        ordersApi.history(licenseNumber, query, controller.signal),
        ordersApi.statistics(licenseNumber, controller.signal),
      ]);
      if (controller.signal.aborted) return;
      // A deletion or a shorter list can leave the page past the end: go to the last one.
      const lastPage = Math.max(1, Math.ceil(page.total / page.pageSize));
      if (page.page > lastPage) {
        setQuery((q) => ({ ...q, page: lastPage }));
        return;
      }
      setData(page);
      setStats(figures);
      setError(null);
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(loadErrorText(err));
    } finally {
      if (request.current === controller) {
        request.current = null;
        setLoading(false);
      }
    }
  }, [licenseNumber, query]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(
    () => () => {
      request.current?.abort();
      clearTimeout(refetchTimer.current);
    },
    [],
  );

  useLiveEvents((message) => {
    if (message.type !== 'orders' && message.type !== 'resync') return;
    clearTimeout(refetchTimer.current);
    refetchTimer.current = setTimeout(() => void load(), refetchAfterEventMs);
  });

  /** Changes filters or sort (back to page 1) or the page size; `page` alone keeps the rest. */
  const update = useCallback((change: Partial<OrderQuery>) => {
    setQuery((q) => ({ ...q, ...change, page: change.page ?? 1 }));
  }, []);

  return { query, update, data, stats, error, loading, reload: load };
}

export type OrderHistoryState = ReturnType<typeof useOrderHistory>;
