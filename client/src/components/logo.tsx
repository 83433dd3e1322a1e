import { cn } from '../lib/cn.ts';

/** The SignalRelay mark: a relay arrow between two nodes, plus the word mark. */
export function Logo({ inverted }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <circle cx="9" cy="20" r="3" fill="white" />
        <circle cx="23" cy="12" r="3" fill="white" />
        <path
          d="M11.5 18.5L20.5 13.5M16 12h4.5v4.5"
          stroke="white"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={cn('text-lg', inverted ? 'text-white' : 'text-ink')}>SignalRelay</span>
    </span>
  );
}
