import type { ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { Card, CardBody } from '../../components/card.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import type { TestReply } from './notifications-api.ts';

/** One channel: its title, an On/Off switch, its fields, and a footer (Send test). */
export function ChannelCard({
  title,
  description,
  enabled,
  onEnabled,
  footer,
  error,
  children,
}: {
  title: string;
  description: string;
  enabled: boolean;
  onEnabled: (on: boolean) => void;
  footer: ReactNode;
  /** Why saving refused a setting of this channel. */
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col" aria-label={`${title} channel`} role="group">
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-ink">{title}</h3>
          <p className="mt-0.5 text-sm text-ink-muted">{description}</p>
        </div>
        <label
          className={cn(
            'flex shrink-0 cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium',
            enabled
              ? 'border-brand-200 bg-brand-50 text-brand-800'
              : 'border-line-strong bg-surface text-ink-muted',
          )}
        >
          <input
            type="checkbox"
            className="size-4 rounded border-line-strong accent-brand-600"
            checked={enabled}
            onChange={(e) => onEnabled(e.target.checked)}
          />
          {enabled ? 'On' : 'Off'}
        </label>
      </div>
      <CardBody className="flex-1 space-y-4">
        {children}
        {error && (
          <p role="alert" className="text-sm font-medium text-loss">
            {error}
          </p>
        )}
      </CardBody>
      <div className="border-t border-line px-5 py-4">{footer}</div>
    </Card>
  );
}

/** The Send test button and the answer of the last test. */
export function TestFooter({
  state,
  onTest,
  label,
}: {
  state: TestReply | 'sending' | undefined;
  onTest: () => void;
  label: string;
}) {
  const result = state === 'sending' ? undefined : state;
  const ResultIcon = result?.ok ? CheckIcon : AlertIcon;
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        size="sm"
        onClick={onTest}
        loading={state === 'sending'}
        loadingText="Sending..."
      >
        {label}
      </Button>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={cn(
            'flex gap-2 rounded-lg border p-3 text-sm break-words text-ink',
            result.ok ? 'border-green-200 bg-profit-soft' : 'border-red-200 bg-loss-soft',
          )}
        >
          <ResultIcon
            className={cn('mt-0.5 size-4 shrink-0', result.ok ? 'text-profit' : 'text-loss')}
          />
          <span className="min-w-0">{result.message}</span>
        </p>
      )}
    </div>
  );
}
