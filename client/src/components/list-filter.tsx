import { useId } from 'react';
import { Select } from './form-field.tsx';

export type Option<V> = { value: V; label: string };

/** A select's choices from their labels by value, in the order written. */
export function choices<V extends string>(labels: Record<V, string>): Option<V>[] {
  return (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));
}

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

/** A filter of the list's query field `key`, its choices typed by that field. */
export type FilterSpec<Q> = {
  [K in keyof Q]: Q[K] extends string
    ? { key: K; label: string; options: readonly Option<Q[K]>[] }
    : never;
}[keyof Q];

/** The selects of `filters`, each changing its own field of the query. */
export function ListFilters<Q>({
  filters,
  query,
  onChange,
}: {
  filters: readonly FilterSpec<Q>[];
  query: Q;
  onChange: (change: Partial<Q>) => void;
}) {
  return filters.map(({ key, label, options }) => (
    <ListFilter
      key={String(key)}
      label={label}
      value={query[key] as string}
      options={options as readonly Option<string>[]}
      onChange={(value) => onChange({ [key]: value } as Partial<Q>)}
    />
  ));
}

export const platformOptions = choices({ all: 'All Platforms', mt4: 'MT4', mt5: 'MT5' });

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
