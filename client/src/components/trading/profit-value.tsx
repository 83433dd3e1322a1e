import { cn } from '../../lib/cn.ts';
import { formatProfit } from './format.ts';

/** Profit with two decimals: green above 0, red below 0. */
export function ProfitValue({ value, className }: { value: number; className?: string }) {
  return (
    <span
      className={cn(
        'font-medium tabular-nums',
        value > 0 ? 'text-profit' : value < 0 ? 'text-loss' : 'text-ink-muted',
        className,
      )}
    >
      {formatProfit(value)}
    </span>
  );
}
