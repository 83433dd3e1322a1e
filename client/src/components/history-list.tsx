import { type MouseEvent, type ReactNode, useCallback, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { desktopQuery, useMediaQuery } from '../lib/use-media-query.ts';
import { type DataAttributes, DetailDrawer } from './detail-drawer.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { type Column, HeaderCells, RowCells, Table, TBody, Td, THead, Th, Tr } from './table.tsx';

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
  /** The details drawer of an opened row or card: its heading, and what it shows. */
  detailsTitle: (item: T) => string;
  details: (item: T, layout: 'desktop' | 'mobile') => ReactNode;
};

/** What opens a row's or card's details drawer, and says whether it is open. */
function Toggle({
  open,
  label,
  onToggle,
  className,
  children,
}: {
  open: boolean;
  label: string | undefined;
  onToggle: (event: MouseEvent<HTMLButtonElement>) => void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-haspopup="dialog"
      aria-label={label}
      className={className}
      onClick={onToggle}
    >
      {children}
      <ChevronDownIcon
        className={cn('size-4 text-ink-subtle transition-transform', open && 'rotate-180')}
      />
    </button>
  );
}

/**
 * The rows of one page of a history (signals, orders): a table on wide screens, cards on
 * phones. A row or card opens its details in a drawer; one at a time, a second click closes it.
 */
export function HistoryList<T>(props: HistoryListProps<T>) {
  const [open, setOpen] = useState<{ key: string; opener: HTMLElement | null } | null>(null);
  const toggle = (key: string, opener: HTMLElement | null) =>
    setOpen((current) => (current?.key === key ? null : { key, opener }));
  const close = useCallback(() => setOpen(null), []);
  const desktop = useMediaQuery(desktopQuery);
  const item = open && props.items.find((candidate) => props.keyOf(candidate) === open.key);
  const drawer = (layout: 'desktop' | 'mobile') =>
    item && (
      <DetailDrawer
        key={open.key}
        title={props.detailsTitle(item)}
        onClose={close}
        opener={open.opener}
        data={props.detailsData?.(item)}
      >
        {props.details(item, layout)}
      </DetailDrawer>
    );
  if (!desktop)
    return <HistoryCards {...props} openKey={open?.key} toggle={toggle} drawer={drawer} />;
  return (
    <div className={cn(item && 'grid grid-cols-[minmax(0,1fr)_22rem] items-start gap-4')}>
      <HistoryTable {...props} openKey={open?.key} toggle={toggle} />
      {drawer('desktop')}
    </div>
  );
}

type Opening = {
  openKey: string | undefined;
  /** Opens or closes a row's details; `opener` gets the focus back when they close. */
  toggle: (key: string, opener: HTMLElement | null) => void;
};

function HistoryTable<T>(props: HistoryListProps<T> & Opening) {
  const { items, keyOf, action, openKey, toggle } = props;
  // The details drawer takes a third of the width: the columns it repeats make way for it.
  const columns = openKey ? props.columns.filter((column) => !column.secondary) : props.columns;
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
            <Tr
              key={key}
              {...props.rowData?.(item)}
              className={cn('cursor-pointer hover:bg-surface-muted', open && 'bg-surface-muted')}
              onClick={(event) =>
                toggle(key, event.currentTarget.querySelector('button[aria-expanded]'))
              }
            >
              <RowCells row={item} columns={columns} />
              {action && <Td className="text-right">{action.cell(item)}</Td>}
              <Td className="w-10 text-right">
                <Toggle
                  open={open}
                  label={props.toggleLabel(item, open)}
                  className="rounded-md p-1 hover:bg-surface-sunken"
                  onToggle={(event) => {
                    event.stopPropagation();
                    toggle(key, event.currentTarget);
                  }}
                />
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

function HistoryCards<T>(
  props: HistoryListProps<T> & Opening & { drawer: (layout: 'mobile') => ReactNode },
) {
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
            <Toggle
              open={open}
              label={card.label?.(item, open)}
              className="flex w-full items-start gap-2 p-4 text-left"
              onToggle={(event) => toggle(key, event.currentTarget)}
            >
              <div className="mr-1 min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2 text-sm">{card.title(item)}</div>
                {card.lines(item)}
              </div>
              <div className="flex shrink-0 items-center gap-2">{card.side(item)}</div>
            </Toggle>
            {open && props.drawer('mobile')}
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
