import { backoffStep } from '@signalrelay/contracts/backoff';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, api, apiPath } from './api-client.ts';

/**
 * Server state lives in TanStack Query, on top of `api-client.ts`; zustand keeps only what the
 * browser alone knows (live channel status, toasts, menus).
 *
 * How to add a read:
 *  1. In the feature's `*-api.ts`, describe it with `apiQuery` (or `queryOptions` when the
 *     fetch is more than one GET), the key starting with its area:
 *       history: (license: string, q: OrderQuery) =>
 *         apiQuery<OrderHistoryReply>(['orders', 'history', license, q], `/api/orders/history?…`)
 *  2. Read it in a component: `const { data, error, isFetching, refetch } = useQuery(ordersQueries.history(…))`.
 *  3. After a write, `queryClient.setQueryData(key, reply)` when the reply is the new state, or
 *     `queryClient.invalidateQueries({ queryKey: ['orders'] })` to refetch the area.
 *  4. When a live event changes it, add a rule to `stores/live-queries.ts`: events invalidate
 *     (or patch) the keys they affect, and every (re)connect of the channel refetches them all.
 */

/** Areas that hold the signed-in user's own data: dropped whenever the user changes. */
const userAreas = ['session', 'setup', 'signals', 'orders', 'terminals', 'notifications'] as const;

/** The first element of every query key: what the live channel and writes invalidate by. */
type QueryArea = (typeof userAreas)[number] | 'billing' | 'rules' | 'downloads' | 'site' | 'auth';

export type AreaKey = readonly [QueryArea, ...unknown[]];

/**
 * A GET of `path` cached under `key`; the query's abort signal cancels an outdated request.
 * `staleTime: Infinity` for what only changes when the server restarts (asked once per visit).
 */
export function apiQuery<T>(key: AreaKey, path: string, options: { staleTime?: number } = {}) {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
    ...options,
  });
}

/**
 * A history list's page (Signal and Order History): `path` asked for a license and the list's
 * filters, sort and page, cached under [area, 'history', license, query].
 */
export const historyQuery =
  <T, Q extends Record<string, string | number>>(area: QueryArea, path: string) =>
  (licenseNumber: string, query: Q) =>
    apiQuery<T>(
      [area, 'history', licenseNumber, query],
      apiPath(path, { licenseNumber, ...query }),
    );

/** A refusal (4xx) will be refused again; no answer or a server error may pass on a retry. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failures < 2;
}

/** The app's one cache, given to the provider in `main.tsx` and used by the live channel. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay: (attempt) => backoffStep(500, attempt),
      // Freshness comes from the live channel (and polling while it is down), not from focus.
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Forgets the signed-in user's own data when another account signs in in this tab, so no
 * screen ever shows the previous user's.
 */
export function forgetUserData(): void {
  const mine = (area: unknown) => (userAreas as readonly unknown[]).includes(area);
  queryClient.removeQueries({ predicate: (query) => mine(query.queryKey[0]) });
}
