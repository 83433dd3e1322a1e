import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { MenuIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { SlideOutMenu } from '../../components/slide-out-menu.tsx';
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
            accountClass="ml-3 flex items-center gap-1 border-l border-line pl-3"
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

/** The site's pages in a menu that slides in on small screens. */
function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SlideOutMenu
      id="mobile-menu"
      open={open}
      onClose={onClose}
      label="Menu"
      closeLabel="Close menu"
      side="right"
      heading={<Logo />}
      navLabel="Mobile"
    >
      <NavItems
        itemClass={mobileItem}
        activeClass="bg-surface-sunken"
        onNavigate={onClose}
        accountClass="mt-2 flex flex-col gap-1 border-t border-line pt-2"
      />
    </SlideOutMenu>
  );
}
