import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';
import type { Platform } from './signal-journey.ts';
import { SignalProgressLine } from './signal-progress.tsx';
import type { SignalView } from './signals-api.ts';

export type TestResult = { ok: boolean; message: string };

/** The sent signal as the live channel reports it (see `useFollowedSignal`). */
type Following = { signal: SignalView | null; connected: Platform[] | null; live: boolean };

/** Where the sent signal stands, or why that cannot be shown here. */
function FollowedSignal({ signal, connected, live }: Following) {
  if (signal) return <SignalProgressLine signal={signal} connected={connected} />;
  return (
    <p className="rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink-muted">
      {live
        ? 'Following the signal…'
        : 'Live updates are unavailable right now: Signal History shows what happened to it.'}
    </p>
  );
}

/**
 * Spec section 2: SUCCESS or ERROR with the webhook's answer, or an invitation to send one;
 * after a SUCCESS, the signal itself as it goes (delivered, then the EA's answer).
 */
export function SignalTestResult({
  result,
  following,
}: {
  result: TestResult | null;
  following: Following;
}) {
  if (!result) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
        Send a test signal to see the result here
      </p>
    );
  }
  return (
    <div
      role={result.ok ? 'status' : 'alert'}
      className={cn(
        'rounded-lg border p-4 text-sm',
        result.ok ? 'border-green-200 bg-profit-soft' : 'border-red-200 bg-loss-soft',
      )}
    >
      <p className={cn('font-semibold', result.ok ? 'text-profit' : 'text-loss')}>
        {result.ok ? 'SUCCESS' : 'ERROR'}
      </p>
      <p className="mt-1 break-words text-ink">{result.message}</p>
      {result.ok && (
        <>
          <div className="mt-3">
            <FollowedSignal {...following} />
          </div>
          <Link
            to="/dashboard"
            hash="signal-history"
            activeOptions={{ includeHash: true }}
            activeProps={{}}
            className="mt-2 inline-block font-medium text-brand-700 hover:underline"
          >
            See it in Signal History
          </Link>
        </>
      )}
    </div>
  );
}
