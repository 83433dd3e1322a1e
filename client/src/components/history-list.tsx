import { Fragment, type ReactNode, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { desktopQuery, useMediaQuery } from '../lib/use-media-query.ts';
import { ChevronDownIcon } from './icons.tsx';
import { type Column, HeaderCells, RowCells, Table, TBody, Td, THead, Th, Tr } from './table.tsx';

/** `data-*` attributes a row (and its details) carries, e.g. the ticket tests and scripts find it by. */
type DataAttributes = Record<`data-${string}`, string>;

export type HistoryListProps<T> = {
  /** Names the table (its caption) and the phone's card list. */
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  rowData?: (item: T) => DataAttributes;
  detailsData?: (item: T) => DataAttributes;
  columns: readonly Column<T>[];
  /** A column of buttons after the others (desktop), and a footer per card (phones). */
  action?: { header: string; cell: (item: T) => ReactNode };
  /** The desktop row's toggle button. */
  toggleLabel: (item: T, open: boolean) => string;
  /** A phone card's summary: its title line, the lines under it, and what sits on its right. */
  card: {
    label?: (item: T, open: boolean) => string;
    title: (item: T) => ReactNode;
    lines: (item: T) => ReactNode;
    side: (item: T) => ReactNode;
  };
  /** What an opened row or card shows. */
  details: (item: T, layout: 'desktop' | 'mobile') => ReactNode;
};

function Chevron({ open }: { open: boolean }) {
  return (
    <ChevronDownIcon
      className={cn('size-4 text-ink-subtle transition-transform', open && 'rotate-180')}
    />
  );
}

/**
 * The rows of one page of a history (signals, orders): a table on wide screens, cards on
 * phones. A row or card opens its details under it; one at a time, a second click closes it.
 */
export function HistoryList<T>(props: HistoryListProps<T>) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const toggle = (key: string) => setOpenKey((current) => (current === key ? null : key));
  const desktop = useMediaQuery(desktopQuery);
  return desktop ? (
    <HistoryTable {...props} openKey={openKey} toggle={toggle} />
  ) : (
    <HistoryCards {...props} openKey={openKey} toggle={toggle} />
  );
}

type Opening = { openKey: string | null; toggle: (key: string) => void };

function HistoryTable<T>(props: HistoryListProps<T> & Opening) {
  const { items, keyOf, columns, action, openKey, toggle } = props;
  return (
    <Table caption={props.label}>
      <THead>
        <tr>
          <HeaderCells columns={columns} />
          {action && <Th className="text-right">{action.header}</Th>}
          <Th>
            <span className="sr-only">Details</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {items.map((item) => {
          const key = keyOf(item);
          const open = openKey === key;
          return (
            <Fragment key={key}>
              <Tr
                {...props.rowData?.(item)}
                className={cn('cursor-pointer hover:bg-surface-muted', open && 'bg-surface-muted')}
                onClick={() => toggle(key)}
              >
                <RowCells row={item} columns={columns} />
                {action && <Td className="text-right">{action.cell(item)}</Td>}
                <Td className="w-10 text-right">
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-label={props.toggleLabel(item, open)}
                    className="rounded-md p-1 hover:bg-surface-sunken"
                    onClick={(event) => {
                      event.stopPropagation();
                      toggle(key);
                    }}
                  >
                    <Chevron open={open} />
                  </button>
                </Td>
              </Tr>
              {open && (
                <tr className="bg-surface-muted" {...props.detailsData?.(item)}>
                  <td colSpan={columns.length + (action ? 2 : 1)} className="px-4 pt-1 pb-4">
                    {props.details(item, 'desktop')}
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

function HistoryCards<T>(props: HistoryListProps<T> & Opening) {
  const { items, keyOf, card, action, openKey, toggle } = props;
  return (
    <ul aria-label={props.label} className="space-y-3">
      {items.map((item) => {
        const key = keyOf(item);
        const open = openKey === key;
        return (
          <li
            key={key}
            {...props.rowData?.(item)}
            className="rounded-xl border border-line bg-surface shadow-xs"
          >
            <button
              type="button"
              aria-expanded={open}
              aria-label={card.label?.(item, open)}
              className="flex w-full items-start justify-between gap-3 p-4 text-left"
              onClick={() => toggle(key)}
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2 text-sm">{card.title(item)}</div>
                {card.lines(item)}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {card.side(item)}
                <Chevron open={open} />
              </div>
            </button>
            {open && (
              <div
                className="border-t border-line bg-surface-muted p-3"
                {...props.detailsData?.(item)}
              >
                {props.details(item, 'mobile')}
              </div>
            )}
            {action && (
              <div className="flex justify-end border-t border-line px-4 py-2">
                {action.cell(item)}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
