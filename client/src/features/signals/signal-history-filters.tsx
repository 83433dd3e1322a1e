import { useId } from 'react';
import { Select } from '../../components/form-field.tsx';
import type { HistoryPeriod, HistoryPlatform, HistoryQuery, HistoryStatus } from './signals-api.ts';

const periods: { value: HistoryPeriod; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

const statuses: { value: HistoryStatus; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'quota_blocked', label: 'Quota blocked' },
  { value: 'error', label: 'Error' },
  { value: 'test_success', label: 'Test' },
];

const platforms: { value: HistoryPlatform; label: string }[] = [
  { value: 'all', label: 'All Platforms' },
  { value: 'mt4', label: 'MT4' },
  { value: 'mt5', label: 'MT5' },
];

const sorts: { value: HistoryQuery['sort']; label: string }[] = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
];

function Filter<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-muted">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

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
      <Filter
        label="Period"
        value={query.period}
        options={periods}
        onChange={(period) => onChange({ period })}
      />
      <Filter
        label="Status"
        value={query.status}
        options={statuses}
        onChange={(status) => onChange({ status })}
      />
      <Filter
        label="Platform"
        value={query.platform}
        options={platforms}
        onChange={(platform) => onChange({ platform })}
      />
      <Filter
        label="Sort by received"
        value={query.sort}
        options={sorts}
        onChange={(sort) => onChange({ sort })}
      />
    </div>
  );
}
