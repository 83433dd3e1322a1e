import { Fragment, useState } from 'react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { Table, TBody, Td, THead, Th, Tr } from '../../components/table.tsx';
import {
  SignalCells,
  type SignalColumn,
  SignalHeaderCells,
  type SignalRowData,
  signalColumns,
} from '../../components/trading/signal-row.tsx';
import { cn } from '../../lib/cn.ts';
import { desktopQuery, useMediaQuery } from '../../lib/use-media-query.ts';
import { SignalDetails } from './signal-details.tsx';
import type { SignalView } from './signals-api.ts';

const columns: readonly SignalColumn[] = [
  'receivedAt',
  'symbol',
  'position',
  'lot',
  'platform',
  'status',
];
const mobileFacts: readonly SignalColumn[] = ['lot', 'platform'];

/**
 * The lot a trader should see: what the EA filled once it reported it (the lot it computed
 * for a risk-sized trade, or a partial fill), the alert's lot before that; a risk-sized alert
 * has no lot until the EA sizes it.
 */
function lotOf(signal: SignalView): number | undefined {
  if (signal.executedVolume !== null) return signal.executedVolume;
  return signal.riskPercentage > 0 ? undefined : signal.lot;
}

function rowData(signal: SignalView): SignalRowData {
  const opening = signal.position === 'buy' || signal.position === 'sell';
  return {
    receivedAt: Date.parse(signal.receivedAt),
    symbol: signal.symbol,
    position: signal.position,
    lot: opening ? lotOf(signal) : undefined,
    platform: signal.platform ?? undefined,
    status: signal.displayStatus,
  };
}

function Chevron({ open }: { open: boolean }) {
  return (
    <ChevronDownIcon
      className={cn('size-4 text-ink-subtle transition-transform', open && 'rotate-180')}
    />
  );
}

/**
 * The signals of one page: a table on wide screens, cards on phones. A row or card opens its
 * details; one at a time, a second click closes it.
 */
export function SignalHistoryTable({
  signals,
  quotaLimit,
}: {
  signals: SignalView[];
  quotaLimit: number;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));
  const desktop = useMediaQuery(desktopQuery);

  if (desktop) {
    return (
      <Table caption="Signal history">
        <THead>
          <tr>
            <SignalHeaderCells columns={columns} />
            <Th>
              <span className="sr-only">Details</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {signals.map((signal) => {
            const open = openId === signal.id;
            return (
              <Fragment key={signal.id}>
                <Tr
                  data-signal-id={signal.id}
                  className={cn(
                    'cursor-pointer hover:bg-surface-muted',
                    open && 'bg-surface-muted',
                  )}
                  onClick={() => toggle(signal.id)}
                >
                  <SignalCells signal={rowData(signal)} columns={columns} />
                  <Td className="w-10 text-right">
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-label={`${open ? 'Hide' : 'Show'} details of the ${signal.symbol || 'signal'} ${signal.position} signal`}
                      className="rounded-md p-1 hover:bg-surface-sunken"
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(signal.id);
                      }}
                    >
                      <Chevron open={open} />
                    </button>
                  </Td>
                </Tr>
                {open && (
                  <tr className="bg-surface-muted">
                    <td colSpan={columns.length + 1} className="px-4 pt-1 pb-4">
                      <SignalDetails signal={signal} quotaLimit={quotaLimit} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </TBody>
      </Table>
    );
  }

  return (
    <ul aria-label="Signal history" className="space-y-3">
      {signals.map((signal) => {
        const open = openId === signal.id;
        const data = rowData(signal);
        return (
          <li
            key={signal.id}
            data-signal-id={signal.id}
            className="rounded-xl border border-line bg-surface shadow-xs"
          >
            <button
              type="button"
              aria-expanded={open}
              className="flex w-full items-start justify-between gap-3 p-4 text-left"
              onClick={() => toggle(signal.id)}
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  {signalColumns.symbol.cell(data)}
                  {signalColumns.position.cell(data)}
                </div>
                <p className="text-xs text-ink-muted">{signalColumns.receivedAt.cell(data)}</p>
                <p className="flex gap-3 text-xs text-ink-muted">
                  {mobileFacts.map((key) => (
                    <span key={key}>
                      {signalColumns[key].header}: {signalColumns[key].cell(data)}
                    </span>
                  ))}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {signalColumns.status.cell(data)}
                <Chevron open={open} />
              </div>
            </button>
            {open && (
              <div className="border-t border-line bg-surface-muted p-3">
                <SignalDetails signal={signal} quotaLimit={quotaLimit} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
