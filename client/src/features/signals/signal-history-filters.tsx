import {
  ListFilter,
  type Option,
  periodOptions,
  platformOptions,
} from '../../components/list-filter.tsx';
import type { HistoryQuery, HistoryStatus } from './signals-api.ts';

const statuses: Option<HistoryStatus>[] = [
  { value: 'all', label: 'All Status' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'quota_blocked', label: 'Quota blocked' },
  { value: 'error', label: 'Error' },
  { value: 'test_success', label: 'Test' },
];

const sorts: Option<HistoryQuery['sort']>[] = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
];

/** Period, status and platform filters and the receipt-date sort (spec section 9). */
export function SignalHistoryFilters({
  query,
  onChange,
}: {
  query: HistoryQuery;
  onChange: (change: Partial<HistoryQuery>) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <ListFilter
        label="Period"
        value={query.period}
        options={periodOptions(null)}
        onChange={(period) => onChange({ period })}
      />
      <ListFilter
        label="Status"
        value={query.status}
        options={statuses}
        onChange={(status) => onChange({ status })}
      />
      <ListFilter
        label="Platform"
        value={query.platform}
        options={platformOptions}
        onChange={(platform) => onChange({ platform })}
      />
      <ListFilter
        label="Sort by received"
        value={query.sort}
        options={sorts}
        onChange={(sort) => onChange({ sort })}
      />
    </div>
  );
}
