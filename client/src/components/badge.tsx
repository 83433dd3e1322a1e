import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** success/danger are for outcomes (profit, loss, delivered, failed) only; brand for marketing. */
export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

const toneClasses: Record<BadgeTone, string> = {
  neutral: 'bg-surface-sunken text-ink-muted ring-line-strong',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  info: 'bg-info-soft text-info ring-blue-200',
  success: 'bg-profit-soft text-profit ring-green-200',
  warning: 'bg-warn-soft text-warn ring-amber-200',
  danger: 'bg-loss-soft text-loss ring-red-200',
};

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap',
        toneClasses[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
