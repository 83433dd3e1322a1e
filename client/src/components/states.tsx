import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { Button, Spinner } from './button.tsx';
import { AlertIcon, InboxIcon } from './icons.tsx';

export function LoadingState({
  label = 'Loading...',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 py-12 text-sm text-ink-muted',
        className,
      )}
    >
      <Spinner className="size-5 text-brand-600" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title, description }: { title: string; description?: string }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-3 rounded-full bg-surface-sunken p-3 text-ink-subtle">
        <InboxIcon className="size-6" />
      </div>
      <p className="font-medium text-ink">{title}</p>
      {description && <p className="mt-1 max-w-md text-sm text-ink-muted">{description}</p>}
    </div>
  );
}

/** A failed load and its retry; `inline`: one row, for a box within a screen that loaded. */
export function ErrorState({
  message,
  onRetry,
  inline = false,
  className,
}: {
  message: string;
  onRetry?: () => void;
  inline?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-3 rounded-xl border border-red-200 bg-loss-soft text-sm text-loss',
        inline
          ? 'flex-wrap items-center justify-between p-4'
          : 'flex-col items-center px-6 py-8 text-center',
        className,
      )}
    >
      {!inline && <AlertIcon className="size-6" />}
      <p className={cn(!inline && 'font-medium')}>{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A screen that is one query: its failure with Try again, a spinner, then `children(data)`. */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the spinner says ("Loading rules..."). */
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.error) {
    return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) return <LoadingState label={loading} />;
  return children(query.data);
}
