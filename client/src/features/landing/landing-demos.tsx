import { Badge } from '../../components/badge.tsx';
import { CheckList } from '../../components/check-list.tsx';
import { DataTable } from '../../components/table.tsx';
import { EaConnectionIndicator } from '../../components/trading/ea-connection.tsx';
import {
  formatPercent,
  formatProfit,
  msUntilEasternMidnight,
} from '../../components/trading/format.ts';
import { type OrderRowData, orderColumns } from '../../components/trading/order-row.tsx';
import { QuotaMeter } from '../../components/trading/quota-meter.tsx';
import { type SignalRowData, signalColumns } from '../../components/trading/signal-row.tsx';
import { StatCard } from '../../components/trading/stat-card.tsx';
import { useNow } from '../../lib/use-now.ts';
import { SectionHeading } from './section-heading.tsx';

/*
 * Illustrative sample values for the landing page's demo displays, labelled as such on screen.
 * They are rendered with the same components the dashboard uses for real data.
 */
const sampleOrders: OrderRowData[] = [
  {
    ticket: '50123456',
    symbol: 'EURUSD',
    orderType: 'buy',
    lots: 0.1,
    profit: 24.6,
    status: 'closed',
  },
  {
    ticket: '50123457',
    symbol: 'XAUUSD',
    orderType: 'sell',
    lots: 0.05,
    profit: -11.25,
    status: 'closed',
  },
  {
    ticket: '50123461',
    symbol: 'GBPJPY',
    orderType: 'buy',
    lots: 0.2,
    profit: 38.9,
    status: 'closed',
  },
  { ticket: '50123470', symbol: 'US30', orderType: 'sell', lots: 0.1, profit: 6.4, status: 'open' },
  {
    ticket: '50123472',
    symbol: 'USDJPY',
    orderType: 'buy',
    lots: 0.1,
    profit: -2.15,
    status: 'open',
  },
];
const demoOrderColumns = (['ticket', 'symbol', 'type', 'lots', 'profit', 'status'] as const).map(
  (key) => orderColumns[key],
);

/** `agoMs`: how long before the visit each arrived. */
const sampleSignals: (Omit<SignalRowData, 'receivedAt'> & { agoMs: number })[] = [
  { agoMs: 8_000, symbol: 'EURUSD', position: 'buy', status: 'pending' },
  { agoMs: 95_000, symbol: 'XAUUSD', position: 'sell', status: 'success' },
  { agoMs: 410_000, symbol: 'GBPJPY', position: 'buy', status: 'success' },
  { agoMs: 1_260_000, symbol: 'US30', position: 'sell', status: 'success' },
  { agoMs: 2_950_000, symbol: 'USDJPY', position: 'buy', status: 'success' },
];
const demoSignalColumns = (['time', 'symbol', 'position', 'status'] as const).map(
  (key) => signalColumns[key],
);

function SampleBadge() {
  return <Badge tone="neutral">Sample data · illustrative values</Badge>;
}

export function OrderHistoryDemo() {
  const closed = sampleOrders.filter((o) => o.status === 'closed');
  const wins = closed.filter((o) => o.profit > 0).length;
  const net = sampleOrders.reduce((sum, o) => sum + o.profit, 0);
  return (
    <section id="order-history" className="bg-surface-muted py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="min-w-0 lg:col-span-2">
          <SectionHeading
            align="left"
            eyebrow="Order history"
            title="See how your strategy really performs"
            text="Install the OrderTracker EA next to the relay EA and every position on the account appears in your dashboard: open and closed, with profit, commission, swap and duration."
          />
          <CheckList
            className="mt-6"
            items={[
              'Total trades, win rate, net profit and open trades at a glance',
              'Filter by status, platform, order type and period; sort any column',
              'Kept 30 days on Free, 90 on Basic, without limit on Pro',
            ]}
          />
        </div>
        <div className="min-w-0 space-y-4 lg:col-span-3">
          <SampleBadge />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <StatCard label="Total Trades" value={sampleOrders.length} />
            <StatCard label="Win Rate" value={formatPercent((wins / closed.length) * 100)} />
            <StatCard
              label="Net Profit"
              value={
                <span className={net >= 0 ? 'text-profit' : 'text-loss'}>{formatProfit(net)}</span>
              }
            />
            <StatCard
              label="Open Trades"
              value={sampleOrders.filter((o) => o.status === 'open').length}
            />
          </div>
          <DataTable
            caption="Sample order history"
            rows={sampleOrders}
            columns={demoOrderColumns}
            keyOf={(order) => order.ticket}
          />
        </div>
      </div>
    </section>
  );
}

export function SignalTransferDemo() {
  const now = useNow(30_000);
  const signals = sampleSignals.map(({ agoMs, ...s }) => ({ ...s, receivedAt: now - agoMs }));
  return (
    <section id="signal-transfer" className="py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="min-w-0 space-y-4 lg:order-2 lg:col-span-2">
          <SectionHeading
            align="left"
            eyebrow="Signal transfer"
            title="Know that every alert arrived"
            text="The signal history shows each alert as it moves: received, delivered to your terminal, executed or refused by the broker with its reason."
          />
          <CheckList
            items={[
              'A live EA connection indicator',
              'A daily counter of signals used and remaining',
              'Test signals from the dashboard that never place a trade',
            ]}
          />
        </div>
        <div className="min-w-0 space-y-4 lg:order-1 lg:col-span-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SampleBadge />
            <EaConnectionIndicator connected />
          </div>
          <QuotaMeter used={37} limit={500} resetsInMs={msUntilEasternMidnight(now)} />
          <DataTable
            caption="Sample signal history"
            rows={signals}
            columns={demoSignalColumns}
            keyOf={(signal) => signal.receivedAt}
          />
        </div>
      </div>
    </section>
  );
}
