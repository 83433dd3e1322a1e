import { orderPageSizes } from '@signalrelay/contracts/orders';
import { useMutation } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ChartCard } from '../../components/card.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { HistorySection } from '../../components/history-section.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { ErrorState } from '../../components/states.tsx';
import { TabHeading } from '../../components/tab-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { formatNumber, formatPercent, formatProfit } from '../../components/trading/format.ts';
import { ProfitValue } from '../../components/trading/profit-value.tsx';
import { StatCard } from '../../components/trading/stat-card.tsx';
import { queryClient } from '../../lib/query.ts';
import { useSession } from '../../stores/session-store.ts';
import { OrderHistoryFilters } from './order-history-filters.tsx';
import { orderHistoryList } from './order-history-list.tsx';
import { deleteAllErrorText, deleteOneErrorText, orderMessages } from './order-messages.ts';
import { type OrderStatistics, type OrderView, ordersApi } from './orders-api.ts';
import { useOrderHistory } from './use-order-history.ts';

const OrderCharts = lazy(() => import('./order-charts.tsx'));

/** The deletion waiting for confirmation: one order, or the whole history. */
type Confirming = OrderView | 'all' | null;

function ChartFigures({ stats }: { stats: OrderStatistics }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      {[
        ['Profit factor', stats.profitFactor === null ? '—' : formatNumber(stats.profitFactor)],
        ['Max drawdown', formatNumber(stats.maxDrawdown)],
        ['Expectancy', formatProfit(stats.expectancy), ' per trade'],
      ].map(([label, value, after]) => (
        <span key={label}>
          {label} <strong className="text-ink tabular-nums">{value}</strong>
          {after}
        </span>
      ))}
    </span>
  );
}

/**
 * The Order History tab (spec section 2): the orders the OrderTracker EA reports, their
 * figures and charts, filters, details and paging, and deletion with confirmation. Refreshes
 * when the tab opens, on Refresh, and whenever the live channel says orders changed.
 */
export function OrderHistoryTab() {
  const licenseNumber = useSession((s) => s.user?.licenseNumber);
  if (!licenseNumber) return <ErrorState message="No license number available" />;
  return <OrderHistory licenseNumber={licenseNumber} />;
}

function OrderHistory({ licenseNumber }: { licenseNumber: string }) {
  const user = useSession((s) => s.user);
  const { data, stats, query, update, error, loading, reload } = useOrderHistory(licenseNumber);
  const [deleteMode, setDeleteMode] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // After a deletion the orders area refetches (history and statistics) before the spinner stops.
  const afterDeletion = () => queryClient.invalidateQueries({ queryKey: ['orders'] });
  const deleteAll = useMutation({
    mutationFn: ordersApi.deleteHistory,
    onSuccess: () => {
      toast.success(orderMessages.deletedAll);
      return afterDeletion();
    },
    onError: (err) => toast.error(deleteAllErrorText(err)),
  });
  const deleteOne = useMutation({
    mutationFn: (order: OrderView) => ordersApi.deleteOrder(order, licenseNumber),
    onSuccess: (_, order) => {
      toast.success(orderMessages.deletedOne(order.ticket));
      return afterDeletion();
    },
    onError: (err) => toast.error(deleteOneErrorText(err)),
  });
  const deletingAll = deleteAll.isPending;
  const deletingId = deleteOne.isPending ? deleteOne.variables._id : null;
  const one = confirming === 'all' ? null : confirming;

  const historyDays = data?.historyDays ?? stats?.historyDays ?? null;
  const plan = (user?.productType ?? 'free').toUpperCase();
  const listEmpty = !data || data.orders.length === 0;

  return (
    <div className="space-y-6">
      <TabHeading
        title="Order History"
        description="Order tracking for all platforms"
        note={
          historyDays !== null && (
            <p className="inline-flex items-center gap-2 rounded-lg border border-amber-200 bg-warn-soft px-3 py-1.5 text-sm font-medium text-warn">
              <AlertIcon className="size-4 shrink-0" />
              {plan} Plan: Order history limited to {historyDays} days
            </p>
          )
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void reload()} loading={loading}>
            Refresh
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-pressed={deleteMode}
            onClick={() => setDeleteMode((on) => !on)}
          >
            {deleteMode ? 'Hide Delete' : 'Show Delete'}
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={deletingAll || listEmpty}
            loading={deletingAll}
            loadingText="Deleting..."
            onClick={() => setConfirming('all')}
          >
            Delete All
          </Button>
        </div>
      </TabHeading>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Trades" value={stats?.totalTrades ?? '–'} />
        <StatCard
          label="Win Rate (%)"
          value={stats ? formatPercent(stats.winRate) : '–'}
          hint={stats ? `${stats.winningTrades} won, ${stats.losingTrades} lost` : undefined}
        />
        <StatCard
          label="Net Profit ($)"
          value={stats ? <ProfitValue value={stats.netProfit} /> : '–'}
          hint={
            stats
              ? `Commission ${formatNumber(stats.totalCommission)}, swap ${formatNumber(stats.totalSwap)}`
              : undefined
          }
        />
        <StatCard label="Open Trades" value={stats?.openTrades ?? '–'} />
      </div>

      {stats && stats.closedTrades > 0 && (
        <ChartCard title="Performance" description={<ChartFigures stats={stats} />}>
          <OrderCharts stats={stats} />
        </ChartCard>
      )}

      <OrderHistoryFilters query={query} historyDays={historyDays} onChange={update} />

      <HistorySection
        label="Orders"
        data={data && { ...data, items: data.orders }}
        error={error}
        busy={loading}
        onRetry={() => void reload()}
        none={isUnfiltered(query)}
        messages={{
          loading: orderMessages.loading,
          empty: { title: orderMessages.emptyTitle, description: orderMessages.emptyText },
          noMatch: orderMessages.noMatch,
        }}
        paging={{ pageSizes: orderPageSizes, noun: 'orders', onChange: update }}
        list={orderHistoryList({
          deleteMode,
          deletingId,
          onDelete: setConfirming,
        })}
      />

      <ConfirmDialog
        open={confirming !== null}
        title={one ? `Delete order #${one.ticket}` : 'Delete all order history'}
        message={one ? orderMessages.confirmDeleteOne(one.ticket) : orderMessages.confirmDeleteAll}
        confirmLabel={one ? 'Delete' : 'Delete All'}
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          if (one) deleteOne.mutate(one);
          else deleteAll.mutate();
        }}
      />
    </div>
  );
}

/** No filter chosen: an empty list then means no orders at all. */
const isUnfiltered = (query: Record<'status' | 'platform' | 'orderType' | 'period', string>) =>
  [query.status, query.platform, query.orderType, query.period].every((value) => value === 'all');
