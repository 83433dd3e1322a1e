import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useListSearch } from '../../lib/use-list-search.ts';
import { loadErrorText } from './order-messages.ts';
import { defaultOrderQuery, orderQueries } from './orders-api.ts';

/**
 * Order History's data: the page the URL's filters name and the statistics of the signed-in
 * license, loaded when the tab opens, on Refresh, and again whenever the live channel says
 * orders changed or reconnected (`stores/live-queries.ts`).
 */
export function useOrderHistory(licenseNumber: string) {
  const [query, update] = useListSearch('orders', defaultOrderQuery);
  const history = useQuery({
    ...orderQueries.history(licenseNumber, query),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery(orderQueries.statistics(licenseNumber));

  // A deletion or a shorter list can leave the page past the end: go to the last one.
  const page = history.data;
  const lastPage = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const pastEnd = page !== undefined && page.page > lastPage;
  useEffect(() => {
    if (pastEnd) update({ page: lastPage }, { replace: true });
  }, [pastEnd, lastPage, update]);

  const failure = history.error ?? stats.error;
  return {
    query,
    update,
    data: pastEnd ? undefined : page,
    stats: stats.data,
    error: failure && loadErrorText(failure),
    loading: history.isFetching || stats.isFetching,
    reload: () => Promise.all([history.refetch(), stats.refetch()]),
  };
}
