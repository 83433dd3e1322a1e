import { cn } from '../../lib/cn.ts';

/** The EA counts as connected when it was seen within this many milliseconds (spec). */
export const eaConnectedWithinMs = 5000;

export function isEaConnected(lastConnected: number | null | undefined, now: number): boolean {
  return lastConnected != null && now - lastConnected <= eaConnectedWithinMs;
}

/** A status dot and label for the EA connection. */
export function EaConnectionIndicator({ connected }: { connected: boolean }) {
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium',
        connected
          ? 'border-green-200 bg-profit-soft text-profit'
          : 'border-line bg-surface-sunken text-ink-muted',
      )}
    >
      <span className="relative flex size-2.5">
        {connected && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-60 motion-reduce:animate-none" />
        )}
        <span
          className={cn(
            'relative inline-flex size-2.5 rounded-full',
            connected ? 'bg-green-600' : 'bg-slate-400',
          )}
        />
      </span>
      {connected ? 'EA connected' : 'EA not connected'}
    </span>
  );
}
