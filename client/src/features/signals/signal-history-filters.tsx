import {
  type FilterSpec,
  ListFilters,
  periodOptions,
  platformOptions,
} from '../../components/list-filter.tsx';
import type { HistoryQuery } from './signals-api.ts';

/** Period, status and platform filters and the receipt-date sort (spec section 9). */
const filters: readonly FilterSpec<HistoryQuery>[] = [
  { key: 'period', label: 'Period', options: periodOptions(null) },
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'all', label: 'All Status' },
      { value: 'success', label: 'Success' },
      { value: 'failed', label: 'Failed' },
      { value: 'pending', label: 'Pending' },
      { value: 'quota_blocked', label: 'Quota blocked' },
      { value: 'error', label: 'Error' },
      { value: 'test_success', label: 'Test' },
    ],
  },
  { key: 'platform', label: 'Platform', options: platformOptions },
  {
    key: 'sort',
    label: 'Sort by received',
    options: [
      { value: 'desc', label: 'Newest first' },
      { value: 'asc', label: 'Oldest first' },
    ],
  },
];

export function SignalHistoryFilters({
  query,
  onChange,
}: {
  query: HistoryQuery;
  onChange: (change: Partial<HistoryQuery>) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <ListFilters filters={filters} query={query} onChange={onChange} />
    </div>
  );
}
