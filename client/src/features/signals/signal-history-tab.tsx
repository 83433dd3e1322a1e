import { historyPageSizes } from '@signalrelay/contracts/signals';
import { lazy, type ReactNode, Suspense } from 'react';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { StatCard } from '../../components/trading/stat-card.tsx';
import { useSession } from '../../stores/session-store.ts';
import { SignalHistoryFilters } from './signal-history-filters.tsx';
import { SignalHistoryStatus } from './signal-history-status.tsx';
import { SignalHistoryTable } from './signal-history-table.tsx';
import { useSignalHistory } from './use-signal-history.ts';

const SignalStatsChart = lazy(() => import('./signal-stats-chart.tsx'));

/**
 * The Signal History tab (spec section 2): EA connection, quota, summary cards, daily chart,
 * filters, the signals with their details, and paging. Live while the dashboard is open.
 * `terminals` (the connected terminals, another feature's panel) shows under the EA status.
 */
export function SignalHistoryTab({ terminals }: { terminals?: ReactNode }) {
  const licenseNumber = useSession((s) => s.user?.licenseNumber);
  const history = useSignalHistory(licenseNumber);
  const { data, query, update, error, loading, quota, reload } = history;

  if (!licenseNumber) {
    return <ErrorState message="No license number available" />;
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-ink">Signal History</h2>
          <p className="text-sm text-ink-muted">
            Every alert your license received, what happened to it, and how fast.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void reload()} loading={loading}>
          Refresh
        </Button>
      </div>

      <SignalHistoryStatus quota={quota} failed={error !== null} onReset={reload} />
      {terminals}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Signals" value={data?.summary.total ?? '–'} />
        <StatCard
          label="Successful"
          value={data?.summary.successful ?? '–'}
          hint="Test signals not included"
        />
        <StatCard
          label="Failed"
          value={data?.summary.failed ?? '–'}
          hint="Refused alerts included"
        />
        <StatCard
          label="Today"
          value={data?.summary.today ?? '–'}
          hint={
            data && quota && quota.limit > 0
              ? `Since midnight ET; ${data.summary.countedToday} counted in the quota`
              : 'Since midnight ET'
          }
        />
      </div>

      <Card>
        <CardHeader title="Last 14 days" />
        <CardBody>
          <Suspense fallback={<div className="h-48" aria-hidden="true" />}>
            <SignalStatsChart licenseNumber={licenseNumber} />
          </Suspense>
        </CardBody>
      </Card>

      <SignalHistoryFilters query={query} onChange={update} />

      <section aria-label="Signals" aria-busy={loading}>
        {error ? (
          <ErrorState message={error} onRetry={() => void reload()} />
        ) : !data ? (
          <LoadingState label="Loading signal history..." />
        ) : data.summary.total === 0 ? (
          <EmptyState
            title="No signal history available."
            description="Signals appear here as soon as a TradingView alert or a test signal reaches your license."
          />
        ) : data.total === 0 ? (
          <EmptyState title="No signals match the selected filters." />
        ) : (
          <div className="space-y-4">
            <SignalHistoryTable signals={data.signals} quotaLimit={quota?.limit ?? 0} />
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              pageSizes={historyPageSizes}
              noun="signals"
              onPage={(page) => update({ page })}
              onPageSize={(pageSize) => update({ pageSize })}
            />
          </div>
        )}
      </section>
    </div>
  );
}
