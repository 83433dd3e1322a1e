import { AlertIcon, CheckIcon, ClockIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { type Platform, signalProgress } from './signal-journey.ts';
import type { SignalView } from './signals-api.ts';

const tones = {
  waiting: { box: 'border-brand-200 bg-brand-50 text-brand-900', Icon: ClockIcon },
  warning: { box: 'border-amber-200 bg-warn-soft text-warn', Icon: AlertIcon },
  success: { box: 'border-green-200 bg-profit-soft text-profit', Icon: CheckIcon },
  danger: { box: 'border-red-200 bg-loss-soft text-loss', Icon: AlertIcon },
} as const;

/**
 * Where a signal stands, in one line that changes as the signal goes (the Signal Test result
 * re-renders it on every live event). Announced politely to screen readers as it changes.
 */
export function SignalProgressLine({
  signal,
  connected,
  reasonShown,
}: {
  signal: SignalView;
  connected?: Platform[] | null;
  /** The signal's errorMessage is shown beside this line (see `signalProgress`). */
  reasonShown?: boolean;
}) {
  const progress = signalProgress(signal, connected, { reasonShown });
  const { box, Icon } = tones[progress.tone];
  return (
    <p
      aria-live="polite"
      data-tone={progress.tone}
      className={cn('flex gap-2 rounded-lg border px-3 py-2 text-sm font-medium', box)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{progress.text}</span>
    </p>
  );
}
