import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumber, formatProfit } from '../../components/trading/format.ts';
import type { OrderStatistics } from './orders-api.ts';

/** Days with closed trades shown as bars; older ones stay in the equity curve. */
const maxBars = 60;
const axis = { fontSize: 11, fill: '#64748b' };
const profitColour = '#15803d';
const lossColour = '#b91c1c';

const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = (day: string) => day.slice(5).replace('-', '/');

/**
 * The equity curve (cumulative net profit of closed trades by close time, from 0) and the net
 * P/L per New York day, from `/api/orders/statistics`; shown once a trade has closed. Loaded on
 * its own so the charting library stays out of the dashboard's first load.
 */
export default function OrderCharts({ stats }: { stats: OrderStatistics }) {
  const curve = [
    // The curve starts from nothing, just before the first close.
    { time: Date.parse(stats.equityCurve[0]?.time ?? '') - 1, equity: 0 },
    ...stats.equityCurve.map((p) => ({ time: Date.parse(p.time), equity: p.equity })),
  ];
  const days = stats.dailyPnl.slice(-maxBars);
  const ending = stats.netProfit;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-ink">Equity curve (net)</figcaption>
        <div
          className="h-48"
          role="img"
          aria-label={`Equity curve over ${stats.closedTrades} closed trades, ending at ${formatProfit(ending)}`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={curve} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis
                dataKey="time"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                tickFormatter={(t) => shortDate.format(t)}
                tick={axis}
                minTickGap={24}
              />
              <YAxis tick={axis} width={56} tickFormatter={(v) => formatNumber(Number(v))} />
              <ReferenceLine y={0} stroke="#94a3b8" />
              <Tooltip
                labelFormatter={(t) => longDate.format(Number(t))}
                formatter={(value) => [formatProfit(Number(value)), 'Equity']}
              />
              <Area
                dataKey="equity"
                type="linear"
                stroke="#4f46e5"
                fill="#4f46e5"
                fillOpacity={0.12}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-ink">
          Daily P/L (New York days
          {stats.dailyPnl.length > maxBars ? `, last ${maxBars} with trades` : ''})
        </figcaption>
        <div
          className="h-48"
          role="img"
          aria-label={`Bar chart of net profit on ${days.length} trading days`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={12} />
              <YAxis tick={axis} width={56} tickFormatter={(v) => formatNumber(Number(v))} />
              <ReferenceLine y={0} stroke="#94a3b8" />
              <Tooltip
                labelFormatter={(day) => String(day)}
                formatter={(value, _name, item) => [
                  `${formatProfit(Number(value))} (${item.payload.trades} trades)`,
                  'Net',
                ]}
              />
              <Bar dataKey="net" isAnimationActive={false}>
                {days.map((d) => (
                  <Cell key={d.day} fill={d.net >= 0 ? profitColour : lossColour} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
