import type { ReactNode } from 'react';

/** One labelled value in a details panel's `<dl>` (an order's swap, a signal's fill price). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-surface px-3 py-2">
      <dt className="text-xs text-ink-subtle">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/** A details panel's facts, two to a line: the panel is narrow on every screen. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-2">{children}</dl>;
}
