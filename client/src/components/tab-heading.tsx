import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { InfoIcon } from './icons.tsx';

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

/** A settings tab's title over a blue note of what it does (and where the docs explain it). */
export function TabIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <div className="mt-3 flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <p>{children}</p>
      </div>
    </div>
  );
}
