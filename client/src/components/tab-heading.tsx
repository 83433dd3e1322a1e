import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A dashboard tab's title and what it is for, an optional note under them, and its buttons on
 * the right (under the title on a narrow screen).
 */
export function TabHeading({
  title,
  description,
  note,
  children,
}: {
  title: string;
  description: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn('flex flex-wrap justify-between gap-3', note ? 'items-start' : 'items-center')}
    >
      <div className="space-y-2">
        <div>
          <h2 className="text-xl font-semibold text-ink">{title}</h2>
          <p className="text-sm text-ink-muted">{description}</p>
        </div>
        {note}
      </div>
      {children}
    </div>
  );
}
