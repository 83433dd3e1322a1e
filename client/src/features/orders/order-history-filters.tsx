import { useId } from 'react';
import { Button } from '../../components/button.tsx';
import { Select } from '../../components/form-field.tsx';
import type { OrderPeriod, OrderQuery, OrderSortField } from './orders-api.ts';

type Option<V> = { value: V; label: string };

const statuses: Option<OrderQuery['status']>[] = [
  { value: 'all', label: 'All Status' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const platforms: Option<OrderQuery['platform']>[] = [
  { value: 'all', label: 'All Platforms' },
  { value: 'mt4', label: 'MT4' },
  { value: 'mt5', label: 'MT5' },
];

const orderTypes: Option<OrderQuery['orderType']>[] = [
  { value: 'all', label: 'All Types' },
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
  { value: 'buylimit', label: 'Buy Limit' },
  { value: 'selllimit', label: 'Sell Limit' },
  { value: 'buystop', label: 'Buy Stop' },
  { value: 'sellstop', label: 'Sell Stop' },
];

const periodDays: Record<Exclude<OrderPeriod, 'all'>, number> = { '24h': 1, '7d': 7, '30d': 30 };
const periodLabels: Record<Exclude<OrderPeriod, 'all'>, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** The period choices inside the plan's window; "all" means the whole window. */
export function periodOptions(historyDays: number | null): Option<OrderPeriod>[] {
  const all: Option<OrderPeriod> = {
    value: 'all',
    label: historyDays === null ? 'All time' : `All (last ${historyDays} days)`,
  };
  const within = (Object.keys(periodDays) as Exclude<OrderPeriod, 'all'>[]).filter(
    (period) => historyDays === null || periodDays[period] <= historyDays,
  );
  return [all, ...within.map((value) => ({ value, label: periodLabels[value] }))];
}

const sortFields: Option<OrderSortField>[] = [
  { value: 'openTime', label: 'Open Time' },
  { value: 'closeTime', label: 'Close Time' },
  { value: 'profit', label: 'Profit' },
  { value: 'symbol', label: 'Symbol' },
  { value: 'ticket', label: 'Ticket' },
  { value: 'lots', label: 'Lots' },
];

function Filter<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: Option<V>[];
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

/** Status, platform, order type, period and sort field with its direction (spec section 2). */
export function OrderHistoryFilters({
  query,
  historyDays,
  onChange,
}: {
  query: OrderQuery;
  historyDays: number | null;
  onChange: (change: Partial<OrderQuery>) => void;
}) {
  const ascending = query.sortOrder === 'asc';
  return (
    // The sort field shares its cell with the direction button, so it gets a row of its own on
    // a phone, two columns on a tablet and a wider column on a desktop: "Close Time" must fit.
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-[repeat(4,minmax(0,1fr))_minmax(13rem,1.25fr)]">
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
        label="Order Type"
        value={query.orderType}
        options={orderTypes}
        onChange={(orderType) => onChange({ orderType })}
      />
      <Filter
        label="Period"
        value={query.period}
        options={periodOptions(historyDays)}
        onChange={(period) => onChange({ period })}
      />
      <div className="col-span-2 flex items-end gap-2 xl:col-span-1">
        <div className="min-w-0 flex-1">
          <Filter
            label="Sort by"
            value={query.sortBy}
            options={sortFields}
            onChange={(sortBy) => onChange({ sortBy })}
          />
        </div>
        <Button
          variant="outline"
          className="h-[38px] w-10 shrink-0 px-0"
          aria-label={
            ascending ? 'Sorted ascending: sort descending' : 'Sorted descending: sort ascending'
          }
          title={ascending ? 'Ascending' : 'Descending'}
          onClick={() => onChange({ sortOrder: ascending ? 'desc' : 'asc' })}
        >
          <span aria-hidden="true" className="text-base">
            {ascending ? '↑' : '↓'}
          </span>
        </Button>
      </div>
    </div>
  );
}
