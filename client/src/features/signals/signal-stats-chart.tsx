import { useQuery } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type DailyStats, signalQueries } from './signals-api.ts';

const days = 14;

const newYorkDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last `count` New York days (the quota day), oldest first, with zeros where none came. */
function fillDays(rows: DailyStats[], count: number, now: number): DailyStats[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const today = Date.parse(`${newYorkDay.format(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return (
      byDay.get(day) ?? {
        day,
        total: 0,
        successful: 0,
        failed: 0,
        blocked: 0,
        tests: 0,
        pending: 0,
        p50DeliveryMs: null,
        p95DeliveryMs: null,
      }
    );
  });
}

const shortDay = (day: string) => day.slice(5).replace('-', '/');
const axis = { fontSize: 11, fill: '#64748b' };

/**
 * Signals per day (by outcome) and delivery latency (median and 95th percentile) over the
 * last two weeks, from `/api/webhook/signalStats`. Loaded on its own so the charting library
 * stays out of the dashboard's first load.
 */
export default function SignalStatsChart({ licenseNumber }: { licenseNumber: string }) {
  // Follows live signals at most every 10 s (stores/live-queries.ts).
  const stats = useQuery(signalQueries.stats(licenseNumber, days));
  const rows = stats.data ? fillDays(stats.data.days, days, stats.dataUpdatedAt) : null;

  if (stats.isError && !rows) {
    return <p className="text-sm text-ink-muted">Signal statistics are not available right now.</p>;
  }
  if (!rows) return <div className="h-48" aria-hidden="true" />;
  const hasLatency = rows.some((row) => row.p50DeliveryMs !== null);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-ink">Signals per day</figcaption>
        <div className="h-48" role="img" aria-label="Bar chart of signals per day by outcome">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} />
              <YAxis allowDecimals={false} tick={axis} />
              <Tooltip labelFormatter={(day) => String(day)} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="successful" name="Successful" stackId="s" fill="#15803d" />
              <Bar dataKey="failed" name="Failed" stackId="s" fill="#b91c1c" />
              <Bar dataKey="blocked" name="Blocked" stackId="s" fill="#d97706" />
              <Bar dataKey="tests" name="Tests" stackId="s" fill="#94a3b8" />
              <Bar dataKey="pending" name="Pending" stackId="s" fill="#1d4ed8" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-ink">
          Delivery latency (ms, received → EA)
        </figcaption>
        {hasLatency ? (
          <div className="h-48" role="img" aria-label="Line chart of delivery latency per day">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
                {/* Padding keeps the points of the first and last day inside the plot. */}
                <XAxis
                  dataKey="day"
                  tickFormatter={shortDay}
                  tick={axis}
                  padding={{ left: 8, right: 8 }}
                />
                <YAxis tick={axis} />
                <Tooltip
                  labelFormatter={(day) => String(day)}
                  formatter={(value) => `${Math.round(Number(value))} ms`}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Line dataKey="p50DeliveryMs" name="Median" stroke="#4f46e5" dot={{ r: 3 }} />
                <Line
                  dataKey="p95DeliveryMs"
                  name="95th percentile"
                  stroke="#94a3b8"
                  strokeDasharray="4 3"
                  dot={{ r: 3 }}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <p className="flex h-48 items-center justify-center rounded-lg border border-dashed border-line text-sm text-ink-muted">
            No delivered signals in the last {days} days.
          </p>
        )}
      </figure>
    </div>
  );
}
