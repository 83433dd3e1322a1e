import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { NavItems } from './site-nav.tsx';

const scrolledAfterPx = 50;

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > scrolledAfterPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

const desktopItem =
  'rounded-md px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:text-ink hover:bg-surface-sunken';
const desktopActive = 'text-ink bg-surface-sunken';
const mobileItem =
  'block w-full rounded-lg px-4 py-3 text-left text-base font-medium text-ink hover:bg-surface-sunken';

export function SiteHeader() {
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200',
        scrolled
          ? 'border-line bg-surface/95 shadow-sm backdrop-blur'
          : 'border-transparent bg-surface',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label="SignalRelay home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavItems
            itemClass={desktopItem}
            activeClass={desktopActive}
            renderAccount={(items) => (
              <div className="ml-3 flex items-center gap-1 border-l border-line pl-3">{items}</div>
            )}
          />
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-ink md:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon className="size-6" />
        </button>
      </div>
      <MobileMenu open={menuOpen} onClose={closeMenu} />
    </header>
  );
}

/** The slide-in side menu for small screens: Escape, the close button or the backdrop closes it. */
function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('a,button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !panelRef.current) return;
      // Keep Tab inside the open menu (it is modal).
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
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <button
        type="button"
        aria-label="Close menu"
        tabIndex={-1}
        className="absolute inset-0 h-full w-full animate-fade-in bg-night/50"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] animate-slide-in flex-col bg-surface shadow-lg"
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <Logo />
          <button
            type="button"
            aria-label="Close menu"
            className="rounded-md p-2 text-ink"
            onClick={onClose}
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-1 overflow-y-auto p-3">
          <NavItems
            itemClass={mobileItem}
            activeClass="bg-surface-sunken"
            onNavigate={onClose}
            renderAccount={(items) => (
              <div className="mt-2 flex flex-col gap-1 border-t border-line pt-2">{items}</div>
            )}
          />
        </nav>
      </div>
    </div>
  );
}
