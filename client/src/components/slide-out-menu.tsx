import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { CloseIcon } from './icons.tsx';

/**
 * A modal menu that slides in from one side on small screens: Escape, the close button or the
 * backdrop closes it; Tab stays inside while it is open, the page behind does not scroll, and
 * focus goes back where it was when it closes.
 */
export function SlideOutMenu({
  id,
  open,
  onClose,
  label,
  closeLabel,
  side,
  heading,
  navLabel,
  initialFocus,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name ("Menu"). */
  label: string;
  closeLabel: string;
  side: 'left' | 'right';
  /** What the top bar shows beside the close button. */
  heading: ReactNode;
  navLabel: string;
  /** The element focused on opening, by selector (the first link or button when absent). */
  initialFocus?: string;
  children: ReactNode;
}) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>(initialFocus ?? 'a,button') ?? panel)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = panelRef.current.querySelectorAll<HTMLElement>('a[href],button');
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus();
    };
  }, [open, onClose, initialFocus]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <button
        type="button"
        aria-label={closeLabel}
        tabIndex={-1}
        className="absolute inset-0 h-full w-full animate-fade-in bg-night/50"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className={cn(
          'absolute inset-y-0 flex w-72 max-w-[85vw] flex-col bg-surface shadow-lg',
          side === 'left' ? 'left-0 animate-fade-in' : 'right-0 animate-slide-in',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          {heading}
          <button
            type="button"
            aria-label={closeLabel}
            className="rounded-md p-2 text-ink"
            onClick={onClose}
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <nav aria-label={navLabel} className="flex flex-col gap-1 overflow-y-auto p-3">
          {children}
        </nav>
      </div>
    </div>
  );
}
