import type { HistoryListProps } from '../../components/history-list.tsx';
import {
  type SignalColumn,
  type SignalRowData,
  signalColumns,
} from '../../components/trading/signal-row.tsx';
import { SignalDetails } from './signal-details.tsx';
import type { SignalView } from './signals-api.ts';

/**
 * The lot a trader should see: what the EA filled once it reported it (the lot it computed
 * for a risk-sized trade, or a partial fill), the alert's lot before that; a risk-sized alert
 * has no lot until the EA sizes it.
 */
function lotOf(signal: SignalView): number | undefined {
  if (signal.executedVolume !== null) return signal.executedVolume;
  return signal.riskPercentage > 0 || signal.riskAmount > 0 ? undefined : signal.lot;
}

/** Openings (market and pending) show their lot; a partial close the lots it closed. */
const showsLot = (signal: SignalView) =>
  ['buy', 'sell', 'buylimit', 'selllimit', 'buystop', 'sellstop'].includes(signal.position ?? '') ||
  (signal.closePercent > 0 && signal.executedVolume !== null);

function rowData(signal: SignalView): SignalRowData {
  const opening = showsLot(signal);
  return {
    receivedAt: Date.parse(signal.receivedAt),
    symbol: signal.symbol,
    position: signal.position,
    lot: opening ? lotOf(signal) : undefined,
    platform: signal.platform ?? undefined,
    status: signal.displayStatus,
  };
}

/** A signal cell from its row data. */
const cell = (key: SignalColumn) => (signal: SignalView) =>
  signalColumns[key].cell(rowData(signal));

/** Shown on phones under each card's title, and left out of the table beside the details. */
const mobileFacts: readonly SignalColumn[] = ['lot', 'platform'];
const columns = (['receivedAt', 'symbol', 'position', 'lot', 'platform', 'status'] as const).map(
  (key) => ({
    ...signalColumns[key],
    cell: cell(key),
    secondary: mobileFacts.includes(key),
  }),
);

/** How Signal History lists its signals (the generic history list's settings). */
export function signalHistoryList(quotaLimit: number): Omit<HistoryListProps<SignalView>, 'items'> {
  return {
    label: 'Signal history',
    keyOf: (signal) => signal.id,
    rowData: (signal) => ({ 'data-signal-id': signal.id }),
    columns,
    toggleLabel: (signal, open) =>
      `${open ? 'Hide' : 'Show'} details of the ${signal.symbol || 'signal'} ${signal.position} signal`,
    card: {
      title: (signal) => (
        <>
          {cell('symbol')(signal)}
          {cell('position')(signal)}
        </>
      ),
      lines: (signal) => (
        <>
          <p className="text-xs text-ink-muted">{cell('receivedAt')(signal)}</p>
          <p className="flex gap-3 text-xs text-ink-muted">
            {mobileFacts.map((key) => (
              <span key={key}>
                {signalColumns[key].header}: {cell(key)(signal)}
              </span>
            ))}
          </p>
        </>
      ),
      side: cell('status'),
    },
    detailsTitle: (signal) => `${signal.symbol || 'Signal'} ${signal.position ?? ''} signal`.trim(),
    details: (signal) => <SignalDetails signal={signal} quotaLimit={quotaLimit} />,
  };
}
