import { Button } from '../../components/button.tsx';
import {
  choices,
  ListFilter,
  ListFilters,
  periodOptions,
  platformOptions,
} from '../../components/list-filter.tsx';
import type { OrderQuery, OrderSortField } from './orders-api.ts';

const statuses = choices<OrderQuery['status']>({
  all: 'All Status',
  open: 'Open',
  closed: 'Closed',
});

const orderTypes = choices<OrderQuery['orderType']>({
  all: 'All Types',
  buy: 'Buy',
  sell: 'Sell',
  buylimit: 'Buy Limit',
  selllimit: 'Sell Limit',
  buystop: 'Buy Stop',
  sellstop: 'Sell Stop',
});

const sortFields = choices<OrderSortField>({
  openTime: 'Open Time',
  closeTime: 'Close Time',
  profit: 'Profit',
  symbol: 'Symbol',
  ticket: 'Ticket',
  lots: 'Lots',
});

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
      <ListFilters
        filters={[
          { key: 'status', label: 'Status', options: statuses },
          { key: 'platform', label: 'Platform', options: platformOptions },
          { key: 'orderType', label: 'Order Type', options: orderTypes },
          { key: 'period', label: 'Period', options: periodOptions(historyDays) },
        ]}
        query={query}
        onChange={onChange}
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
