import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '../../components/states.tsx';
import { EaConnectionIndicator, isEaConnected } from '../../components/trading/ea-connection.tsx';
import { QuotaMeter } from '../../components/trading/quota-meter.tsx';
import { useNow } from '../../lib/use-now.ts';
import { useLive } from '../../stores/live-store.ts';
import { useSession } from '../../stores/session-store.ts';
import { freePlanQuotaText } from './signal-messages.ts';
import type { QuotaView } from './signals-api.ts';

/**
 * Whether the EA is connected: what the live channel pushed while it is open (it flips the
 * moment a terminal connects or drops), otherwise the last session refresh's verdict, or the
 * spec's rule (lastConnected within 5 s) applied to the session loaded with the page.
 */
export function useEaConnected(): boolean {
  const status = useLive((s) => s.status);
  const ea = useLive((s) => s.ea);
  const lastConnected = useSession((s) => s.user?.lastConnected ?? null);
  if (ea && (status !== 'open' || ea.source === 'live')) return ea.connected;
  return isEaConnected(lastConnected, Date.now());
}

/**
 * The EA connection and the daily quota, side by side. The countdown to New York midnight
 * comes from the server's `resetsAt`; when it runs out, `onReset` refetches the new day.
 */
export function SignalHistoryStatus({
  quota,
  failed,
  onReset,
}: {
  quota: QuotaView | null;
  /** The history (which carries the quota) could not be loaded: offer a retry, not a spinner. */
  failed: boolean;
  onReset: () => void;
}) {
  const connected = useEaConnected();
  const now = useNow(15_000);
  const resetsInMs = quota ? quota.resetsAt - now : undefined;
  const expired = resetsInMs !== undefined && resetsInMs <= 0;
  useEffect(() => {
    if (expired) onReset();
  }, [expired, onReset]);

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="flex flex-col justify-between gap-3 rounded-xl border border-line bg-surface p-4 shadow-xs">
        <p className="text-xs font-medium tracking-wide text-ink-subtle uppercase">
          Expert Advisor
        </p>
        <div>
          <EaConnectionIndicator connected={connected} />
        </div>
        <p className="text-xs text-ink-muted">
          {connected
            ? 'Your terminal is online and receives signals as they arrive.'
            : 'Start MetaTrader with the SignalRelay EA and your license number to receive signals.'}
        </p>
      </div>
      {quota && quota.limit === 0 ? (
        <div className="flex flex-col justify-center gap-2 rounded-xl border border-amber-200 bg-warn-soft p-4 text-sm shadow-xs">
          <p className="font-medium text-warn">{freePlanQuotaText}</p>
          <Link to="/payment" className="font-medium text-brand-700 hover:underline">
            Choose a plan
          </Link>
        </div>
      ) : quota ? (
        <QuotaMeter
          used={quota.used}
          limit={quota.limit}
          resetsInMs={Math.max(0, resetsInMs ?? 0)}
        />
      ) : failed ? (
        <ErrorState
          inline
          message="Could not load today's quota."
          onRetry={onReset}
          className="shadow-xs"
        />
      ) : (
        <div className="rounded-xl border border-line bg-surface p-4 text-sm text-ink-muted shadow-xs">
          Loading today's quota...
        </div>
      )}
    </div>
  );
}
