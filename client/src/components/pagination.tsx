import { useId } from 'react';
import { cn } from '../lib/cn.ts';
import { pageItems } from '../lib/page-items.ts';
import { Select } from './form-field.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** What is counted, plural: "signals", "orders". */
  noun: string;
};

const pageButton =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium tabular-nums transition-colors disabled:pointer-events-none disabled:opacity-40';

/**
 * 'Showing X to Y of Z', a per-page selector, previous/next and up to five page buttons with
 * gaps. The page buttons show only when there is more than one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  pageSizes,
  onPage,
  onPageSize,
  noun,
}: PaginationProps) {
  const sizeId = useId();
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col gap-3 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-3">
        <p className="tabular-nums">
          Showing {first} to {last} of {total} {noun}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap">
            Per page
          </label>
          <Select
            id={sizeId}
            className="h-8 w-auto py-0"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            options={pageSizes}
          />
        </div>
      </div>
      {totalPages > 1 && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
          <button
            type="button"
            className={cn(pageButton, 'text-ink hover:bg-surface-sunken')}
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeftIcon className="size-4" />
          </button>
          {pageItems(page, totalPages).map((item, index) =>
            item === 'gap' ? (
              <span
                // Two gaps at most, told apart by position.
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
                key={`gap-${index}`}
                className="px-1 text-ink-subtle"
                aria-hidden="true"
              >
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={cn(
                  pageButton,
                  item === page ? 'bg-brand-600 text-white' : 'text-ink hover:bg-surface-sunken',
                )}
                onClick={() => onPage(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </button>
            ),
          )}
          <button
            type="button"
            className={cn(pageButton, 'text-ink hover:bg-surface-sunken')}
            onClick={() => onPage(page + 1)}
            disabled={page >= totalPages}
            aria-label="Next page"
          >
            <ChevronRightIcon className="size-4" />
          </button>
        </nav>
      )}
    </div>
  );
}
