import { HistoryList, type HistoryListProps } from './history-list.tsx';
import { Pagination } from './pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

/** One page of a server-paged history, as the list shows it. */
export type HistoryPage<T> = { items: readonly T[]; page: number; pageSize: number; total: number };

type HistorySectionProps<T> = {
  /** The section's accessible name ("Signals"). */
  label: string;
  /** Undefined until the first page arrived. */
  data: HistoryPage<T> | undefined;
  /** What went wrong loading, in the user's words; replaces the list with a retry. */
  error: string | null;
  busy: boolean;
  onRetry: () => void;
  /** Whether the history has no rows at all (not just none matching the filters). */
  none: boolean;
  messages: { loading: string; empty: { title: string; description?: string }; noMatch: string };
  paging: {
    pageSizes: readonly number[];
    /** Plural: "signals". */
    noun: string;
    onChange: (change: { page: number } | { pageSize: number }) => void;
  };
  list: Omit<HistoryListProps<T>, 'items'>;
};

/**
 * A history's results: loading, failed (with a retry), empty, nothing matching the filters,
 * or the list of the page with its pagination. Shared by Signal History and Order History.
 */
export function HistorySection<T>({
  label,
  data,
  error,
  busy,
  onRetry,
  none,
  messages,
  paging,
  list,
}: HistorySectionProps<T>) {
  return (
    <section aria-label={label} aria-busy={busy}>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : !data ? (
        <LoadingState label={messages.loading} />
      ) : data.total === 0 ? (
        <EmptyState {...(none ? messages.empty : { title: messages.noMatch })} />
      ) : (
        <div className="space-y-4">
          <HistoryList items={data.items} {...list} />
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            pageSizes={paging.pageSizes}
            noun={paging.noun}
            onPage={(page) => paging.onChange({ page })}
            onPageSize={(pageSize) => paging.onChange({ pageSize })}
          />
        </div>
      )}
    </section>
  );
}
