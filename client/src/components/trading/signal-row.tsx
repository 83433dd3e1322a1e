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

/** Every column a signal table can show; a table picks the ones it needs, in order. */
export const signalColumns = {
  time: {
    header: 'Time',
    cell: (s) => (
      <time dateTime={new Date(s.receivedAt).toISOString()} className="tabular-nums">
        {timeFormat.format(s.receivedAt)}
      </time>
    ),
  },
  receivedAt: {
    header: `Received (${viewerTimeZone})`,
    cell: (s) => (
      <time dateTime={new Date(s.receivedAt).toISOString()} className="tabular-nums">
        {formatTimestamp(s.receivedAt, true)}
      </time>
    ),
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
