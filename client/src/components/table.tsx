import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../lib/cn.ts';

/** A dense data table in a horizontally scrollable frame; `caption` is read by screen readers. */
export function Table({
  caption,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className={cn('w-full border-collapse text-sm', className)} {...rest}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-surface-muted', className)} {...rest} />;
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-line bg-surface', className)} {...rest} />;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors', className)} {...rest} />;
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase whitespace-nowrap',
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-2.5 text-ink whitespace-nowrap', className)} {...rest} />;
}

/**
 * One column of a data table: its header and how a row's value renders. A `secondary` column
 * is left out while a row's details are docked beside the table (they show it too), so the
 * columns that tell rows apart keep their room.
 */
export type Column<T> = {
  header: string;
  numeric?: boolean;
  secondary?: boolean;
  cell: (row: T) => ReactNode;
};

export function HeaderCells<T>({ columns }: { columns: readonly Column<T>[] }) {
  return columns.map((column) => (
    <Th key={column.header} className={cn(column.numeric && 'text-right')}>
      {column.header}
    </Th>
  ));
}

/** The cells of one row, for a `<tr>` the caller owns (so it can add expansion or actions). */
export function RowCells<T>({ row, columns }: { row: T; columns: readonly Column<T>[] }) {
  return columns.map((column) => (
    <Td key={column.header} className={cn(column.numeric && 'text-right tabular-nums')}>
      {column.cell(row)}
    </Td>
  ));
}

/** A plain table of `rows` in `columns`: no expansion, no actions. */
export function DataTable<T>({
  caption,
  rows,
  columns,
  keyOf,
}: {
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  keyOf: (row: T) => string | number;
}) {
  return (
    <Table caption={caption}>
      <THead>
        <tr>
          <HeaderCells columns={columns} />
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={keyOf(row)}>
            <RowCells row={row} columns={columns} />
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
