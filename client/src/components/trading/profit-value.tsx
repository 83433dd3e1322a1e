import { cn } from '../../lib/cn.ts';
import { formatProfit } from './format.ts';

/** Profit with two decimals: green above 0, red below 0. */
export function ProfitValue({ value }: { value: number }) {
  return (
    <span
      className={cn(
        'font-medium tabular-nums',
        value > 0 ? 'text-profit' : value < 0 ? 'text-loss' : 'text-ink-muted',
      )}
    >
      {formatProfit(value)}
    </span>
  );
}
