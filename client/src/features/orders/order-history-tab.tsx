import { orderPageSizes } from '@signalrelay/contracts/orders';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { HistorySection } from '../../components/history-section.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { ErrorState } from '../../components/states.tsx';
import { toast } from '../../components/toast.tsx';
import { formatNumber, formatPercent, formatProfit } from '../../components/trading/format.ts';
import { ProfitValue } from '../../components/trading/profit-value.tsx';
import { StatCard } from '../../components/trading/stat-card.tsx';
import { useSession } from '../../stores/session-store.ts';
import { OrderHistoryFilters } from './order-history-filters.tsx';
import { orderHistoryList } from './order-history-list.tsx';
import { deleteAllErrorText, deleteOneErrorText, orderMessages } from './order-messages.ts';
import { type OrderStatistics, type OrderView, ordersApi } from './orders-api.ts';
import { useOrderHistory } from './use-order-history.ts';

const OrderCharts = lazy(() => import('./order-charts.tsx'));

type Confirming = { kind: 'all' } | { kind: 'one'; order: OrderView } | null;

function ChartFigures({ stats }: { stats: OrderStatistics }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <span>
        Profit factor{' '}
        <strong className="text-ink tabular-nums">
          {stats.profitFactor === null ? '—' : formatNumber(stats.profitFactor)}
        </strong>
      </span>
      <span>
        Max drawdown{' '}
        <strong className="text-ink tabular-nums">{formatNumber(stats.maxDrawdown)}</strong>
      </span>
      <span>
        Expectancy{' '}
        <strong className="text-ink tabular-nums">{formatProfit(stats.expectancy)}</strong> per
        trade
      </span>
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
  const [deletingAll, setDeletingAll] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const historyDays = data?.historyDays ?? stats?.historyDays ?? null;
  const plan = (user?.productType ?? 'free').toUpperCase();
  const listEmpty = !data || data.orders.length === 0;

  async function deleteAll() {
    setConfirming(null);
    setDeletingAll(true);
    try {
      await ordersApi.deleteHistory();
      toast.success(orderMessages.deletedAll);
      await reload();
    } catch (err) {
      toast.error(deleteAllErrorText(err));
    } finally {
      setDeletingAll(false);
    }
  }

  async function deleteOne(order: OrderView) {
    setConfirming(null);
    setDeletingId(order._id);
    try {
      await ordersApi.deleteOrder(order, licenseNumber);
      toast.success(orderMessages.deletedOne(order.ticket));
      await reload();
    } catch (err) {
      toast.error(deleteOneErrorText(err));
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-2">
          <div>
            <h2 className="text-xl font-semibold text-ink">Order History</h2>
            <p className="text-sm text-ink-muted">Order tracking for all platforms</p>
          </div>
          {historyDays !== null && (
            <p className="inline-flex items-center gap-2 rounded-lg border border-amber-200 bg-warn-soft px-3 py-1.5 text-sm font-medium text-warn">
              <AlertIcon className="size-4 shrink-0" />
              {plan} Plan: Order history limited to {historyDays} days
            </p>
          )}
        </div>
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
            onClick={() => setConfirming({ kind: 'all' })}
          >
            Delete All
          </Button>
        </div>
      </div>

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
        <Card>
          <CardHeader title="Performance" description={<ChartFigures stats={stats} />} />
          <CardBody>
            <Suspense fallback={<div className="h-48" aria-hidden="true" />}>
              <OrderCharts stats={stats} />
            </Suspense>
          </CardBody>
        </Card>
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
          onDelete: (order) => setConfirming({ kind: 'one', order }),
        })}
      />

      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.kind === 'one'
            ? `Delete order #${confirming.order.ticket}`
            : 'Delete all order history'
        }
        message={
          confirming?.kind === 'one'
            ? orderMessages.confirmDeleteOne(confirming.order.ticket)
            : orderMessages.confirmDeleteAll
        }
        confirmLabel={confirming?.kind === 'one' ? 'Delete' : 'Delete All'}
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.kind === 'one') void deleteOne(confirming.order);
          else void deleteAll();
        }}
      />
    </div>
  );
}

function isUnfiltered(query: {
  status: string;
  platform: string;
  orderType: string;
  period: string;
}) {
  return (
    query.status === 'all' &&
    query.platform === 'all' &&
    query.orderType === 'all' &&
    query.period === 'all'
  );
}
