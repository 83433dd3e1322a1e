import type { ComponentType } from 'react';
import { cn } from '../lib/cn.ts';
import { CheckIcon } from './icons.tsx';

/** Short statements, each led by an icon: a brand-coloured tick unless the caller picks another. */
export function CheckList({
  items,
  className,
  icon: Icon = CheckIcon,
  iconClassName = 'mt-1 size-4 shrink-0 text-brand-600',
}: {
  items: readonly string[];
  className?: string;
  icon?: ComponentType<{ className?: string }>;
  iconClassName?: string;
}) {
  return (
    <ul className={cn('space-y-2 text-ink-muted', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Icon className={iconClassName} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
