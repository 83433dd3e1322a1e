import {
  choices,
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
    options: choices({
      all: 'All Status',
      success: 'Success',
      failed: 'Failed',
      pending: 'Pending',
      quota_blocked: 'Quota blocked',
      error: 'Error',
      test_success: 'Test',
    }),
  },
  { key: 'platform', label: 'Platform', options: platformOptions },
  {
    key: 'sort',
    label: 'Sort by received',
    options: choices({ desc: 'Newest first', asc: 'Oldest first' }),
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
