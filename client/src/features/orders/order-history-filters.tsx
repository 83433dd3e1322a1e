import { Button } from '../../components/button.tsx';
import {
  ListFilter,
  type Option,
  periodOptions,
  platformOptions,
} from '../../components/list-filter.tsx';
import type { OrderQuery, OrderSortField } from './orders-api.ts';

const statuses: Option<OrderQuery['status']>[] = [
  { value: 'all', label: 'All Status' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
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

const sortFields: Option<OrderSortField>[] = [
  { value: 'openTime', label: 'Open Time' },
  { value: 'closeTime', label: 'Close Time' },
  { value: 'profit', label: 'Profit' },
  { value: 'symbol', label: 'Symbol' },
  { value: 'ticket', label: 'Ticket' },
  { value: 'lots', label: 'Lots' },
];

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
        label="Order Type"
        value={query.orderType}
        options={orderTypes}
        onChange={(orderType) => onChange({ orderType })}
      />
      <ListFilter
        label="Period"
        value={query.period}
        options={periodOptions(historyDays)}
        onChange={(period) => onChange({ period })}
      />
      <div className="col-span-2 flex items-end gap-2 xl:col-span-1">
        <div className="min-w-0 flex-1">
          <ListFilter
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
