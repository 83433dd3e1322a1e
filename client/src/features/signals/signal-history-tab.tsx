import { historyPageSizes } from '@signalrelay/contracts/signals';
import { lazy, type ReactNode, useCallback } from 'react';
import { Button } from '../../components/button.tsx';
import { ChartCard } from '../../components/card.tsx';
import { HistorySection } from '../../components/history-section.tsx';
import { ErrorState } from '../../components/states.tsx';
import { TabHeading } from '../../components/tab-heading.tsx';
import { StatCard } from '../../components/trading/stat-card.tsx';
import { useSession } from '../../stores/session-store.ts';
import { SignalHistoryFilters } from './signal-history-filters.tsx';
import { signalHistoryList } from './signal-history-list.tsx';
import { SignalHistoryStatus } from './signal-history-status.tsx';
import { useSignalHistory } from './use-signal-history.ts';

const SignalStatsChart = lazy(() => import('./signal-stats-chart.tsx'));

/**
 * The Signal History tab (spec section 2): EA connection, quota, summary cards, daily chart,
 * filters, the signals with their details, and paging. Live while the dashboard is open.
 * `terminals` (the connected terminals, another feature's panel) shows under the EA status.
 */
export function SignalHistoryTab({ terminals }: { terminals?: ReactNode }) {
  const licenseNumber = useSession((s) => s.user?.licenseNumber);
  if (!licenseNumber) return <ErrorState message="No license number available" />;
  return <SignalHistory licenseNumber={licenseNumber} terminals={terminals} />;
}

function SignalHistory({
  licenseNumber,
  terminals,
}: {
  licenseNumber: string;
  terminals: ReactNode;
}) {
  const { query, update, history, error } = useSignalHistory(licenseNumber);
  const { data, isFetching: loading, refetch } = history;
  const quota = data?.quota ?? null;
  const summary = data?.summary;
  const todayHint =
    summary && quota && quota.limit > 0
      ? `Since midnight ET; ${summary.countedToday} counted in the quota`
      : 'Since midnight ET';
  // `refetch` is stable: the quota box's midnight reset depends on it.
  const reload = useCallback(() => void refetch(), [refetch]);

  return (
    <div className="space-y-6">
      <TabHeading
        title="Signal History"
        description="Every alert your license received, what happened to it, and how fast."
      >
        <Button variant="outline" size="sm" onClick={reload} loading={loading}>
          Refresh
        </Button>
      </TabHeading>

      <SignalHistoryStatus quota={quota} failed={error !== null} onReset={reload} />
      {terminals}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {(
          [
            ['Total Signals', summary?.total],
            ['Successful', summary?.successful, 'Test signals not included'],
            ['Failed', summary?.failed, 'Refused alerts included'],
            ['Today', summary?.today, todayHint],
          ] as const
        ).map(([label, value, hint]) => (
          <StatCard key={label} label={label} value={value ?? '–'} hint={hint} />
        ))}
      </div>

      <ChartCard title="Last 14 days">
        <SignalStatsChart licenseNumber={licenseNumber} />
      </ChartCard>

      <SignalHistoryFilters query={query} onChange={update} />

      <HistorySection
        label="Signals"
        data={data && { ...data, items: data.signals }}
        error={error}
        busy={loading}
        onRetry={reload}
        none={data?.summary.total === 0}
        messages={{
          loading: 'Loading signal history...',
          empty: {
            title: 'No signal history available.',
            description:
              'Signals appear here as soon as a TradingView alert or a test signal reaches your license.',
          },
          noMatch: 'No signals match the selected filters.',
        }}
        paging={{ pageSizes: historyPageSizes, noun: 'signals', onChange: update }}
        list={signalHistoryList(quota?.limit ?? 0)}
      />
    </div>
  );
}
