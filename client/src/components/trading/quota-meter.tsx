import { cn } from '../../lib/cn.ts';
import { ProgressBar } from '../progress-bar.tsx';

/** Remaining signals at or below this are shown in amber (spec section 9). */
export const lowRemaining = 10;

type QuotaMeterProps = {
  used: number;
  limit: number;
  /** Time until the daily reset (midnight US Eastern), shown as hours and minutes. */
  resetsInMs?: number;
};

/** The daily signal counter: used of the allowance, remaining, and the reset countdown. */
export function QuotaMeter({ used, limit, resetsInMs }: QuotaMeterProps) {
  const remaining = Math.max(0, limit - used);
  const exceeded = used >= limit;
  const tone = exceeded ? 'text-loss' : remaining <= lowRemaining ? 'text-warn' : 'text-ink';
  const bar = exceeded ? 'bg-loss' : remaining <= lowRemaining ? 'bg-amber-500' : undefined;
  const hours = resetsInMs === undefined ? 0 : Math.floor(resetsInMs / 3_600_000);
  const minutes = resetsInMs === undefined ? 0 : Math.floor((resetsInMs % 3_600_000) / 60_000);

  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-xs">
      <div className="flex items-baseline justify-between gap-4">
        <p className="text-xs font-medium tracking-wide text-ink-subtle uppercase">Signals today</p>
        <p className="text-sm text-ink-muted tabular-nums">
          <span className="font-semibold text-ink">{used}</span> / {limit}
        </p>
      </div>
      <ProgressBar
        label="Daily signal usage"
        value={used}
        max={limit}
        className="mt-3"
        barClassName={bar}
      />
      <div className="mt-3 flex items-baseline justify-between gap-4 text-sm">
        <p className={cn('font-medium tabular-nums', tone)}>
          {exceeded ? 'Daily quota exceeded' : `${remaining} remaining`}
        </p>
        {resetsInMs !== undefined && (
          <p className="text-xs text-ink-subtle tabular-nums">
            Resets in {hours}h {String(minutes).padStart(2, '0')}m (midnight ET)
          </p>
        )}
      </div>
    </div>
  );
}
