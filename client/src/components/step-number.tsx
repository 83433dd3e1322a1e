import { cn } from '../lib/cn.ts';

/** A step's number in a brand circle; the caller's class gives its size. */
export function StepNumber({ n, className }: { n: number; className: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {n}
    </span>
  );
}
