import { useId } from 'react';
import { Select } from './form-field.tsx';

export type Option<V> = { value: V; label: string };

/** One labelled select of a list's filters or sort; the change comes back typed. */
export function ListFilter<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly Option<V>[];
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

export const platformOptions: readonly Option<'all' | 'mt4' | 'mt5'>[] = [
  { value: 'all', label: 'All Platforms' },
  { value: 'mt4', label: 'MT4' },
  { value: 'mt5', label: 'MT5' },
];

type Period = 'all' | '24h' | '7d' | '30d';
const periodDays = { '24h': 1, '7d': 7, '30d': 30 } as const;
const periodLabels = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
} as const;

/** The period choices inside a plan's window of `historyDays` (null: no limit); "all" means the whole window. */
export function periodOptions(historyDays: number | null): Option<Period>[] {
  const all: Option<Period> = {
    value: 'all',
    label: historyDays === null ? 'All time' : `All (last ${historyDays} days)`,
  };
  const within = (Object.keys(periodDays) as Exclude<Period, 'all'>[]).filter(
    (period) => historyDays === null || periodDays[period] <= historyDays,
  );
  return [all, ...within.map((value) => ({ value, label: periodLabels[value] }))];
}
