import { cn } from '../lib/cn.ts';

type ProgressBarProps = {
  /** What the bar measures, for assistive technology. */
  label: string;
  value: number;
  max: number;
  className?: string;
  /** The filled part's colour when it means something (amber, red); brand otherwise. */
  barClassName?: string;
};

/** A thin bar filled to `value` of `max` (full when `max` is 0), announced as a progressbar. */
export function ProgressBar({ label, value, max, className, barClassName }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, value / max) : 1;
  return (
    <div
      className={cn('h-2 overflow-hidden rounded-full bg-surface-sunken', className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
    >
      <div
        className={cn('h-full rounded-full bg-brand-600 transition-[width]', barClassName)}
        style={{ width: `${share * 100}%` }}
      />
    </div>
  );
}
