import type { Column } from '../table.tsx';
import { formatNumber, formatTimestamp, viewerTimeZone } from './format.ts';
import {
  PositionLabel,
  type SignalDisplayStatus,
  type SignalPosition,
  SignalStatusBadge,
} from './trading-badges.tsx';

export type SignalRowData = {
  receivedAt: number;
  symbol: string;
  /** Null for an alert refused because its position was missing or unknown. */
  position: SignalPosition | null;
  lot?: number;
  platform?: 'mt4' | 'mt5';
  status: SignalDisplayStatus;
};

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** When the signal arrived, as `text` shows it. */
function Received({ at, text }: { at: number; text: string }) {
  return (
    <time dateTime={new Date(at).toISOString()} className="tabular-nums">
      {text}
    </time>
  );
}

/** Every column a signal table can show; a table picks the ones it needs, in order. */
export const signalColumns = {
  time: {
    header: 'Time',
    cell: (s) => <Received at={s.receivedAt} text={timeFormat.format(s.receivedAt)} />,
  },
  receivedAt: {
    header: `Received (${viewerTimeZone})`,
    cell: (s) => <Received at={s.receivedAt} text={formatTimestamp(s.receivedAt, true)} />,
  },
  symbol: { header: 'Symbol', cell: (s) => <span className="font-medium">{s.symbol || '—'}</span> },
  position: { header: 'Position', cell: (s) => <PositionLabel position={s.position} /> },
  lot: {
    header: 'Lot',
    numeric: true,
    cell: (s) => (s.lot === undefined ? '-' : formatNumber(s.lot)),
  },
  platform: { header: 'Platform', cell: (s) => (s.platform ?? '-').toUpperCase() },
  status: { header: 'Status', cell: (s) => <SignalStatusBadge status={s.status} /> },
} satisfies Record<string, Column<SignalRowData>>;

export type SignalColumn = keyof typeof signalColumns;
