import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../lib/cn.ts';

export type TabItem<V extends string> = { value: V; label: ReactNode };

type TabsProps<V extends string> = {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
  /** The active panel's content. */
  children: ReactNode;
};

/**
 * WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs and select them.
 * Controlled, so the caller can keep the selection in the URL.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onChange,
  orientation = 'horizontal',
  className,
  children,
}: TabsProps<V>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const vertical = orientation === 'vertical';

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    const next = vertical ? 'ArrowDown' : 'ArrowRight';
    const prev = vertical ? 'ArrowUp' : 'ArrowLeft';
    let target = -1;
    if (event.key === next) target = (index + 1) % items.length;
    else if (event.key === prev) target = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = items.length - 1;
    if (target < 0) return;
    event.preventDefault();
    const item = items[target];
    if (!item) return;
    onChange(item.value);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  }

  return (
    <div className={cn(vertical ? 'flex gap-6' : '', className)}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        onKeyDown={onKeyDown}
        className={cn(
          vertical
            ? 'flex w-56 shrink-0 flex-col gap-1'
            : 'flex gap-1 overflow-x-auto border-b border-line',
        )}
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={cn(
                'text-sm font-medium whitespace-nowrap transition-colors',
                vertical ? 'rounded-lg px-3 py-2 text-left' : '-mb-px border-b-2 px-3 py-2.5',
                selected
                  ? vertical
                    ? 'bg-brand-50 text-brand-700'
                    : 'border-brand-600 text-brand-700'
                  : vertical
                    ? 'text-ink-muted hover:bg-surface-sunken hover:text-ink'
                    : 'border-transparent text-ink-muted hover:text-ink',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${value}`}
        className={cn('min-w-0 flex-1', vertical ? '' : 'pt-4')}
      >
        {children}
      </div>
    </div>
  );
}
