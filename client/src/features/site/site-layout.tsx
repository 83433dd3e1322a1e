import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from '../../components/toast.tsx';
import { trackPageView } from '../../lib/analytics.ts';
import { useSession } from '../../stores/session-store.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** 'none' hides the shared header and footer (a screen with its own chrome). */
    siteChrome?: 'full' | 'none';
  }
}

/** On every path change: back to the top (unless a hash names a target) and one page view. */
function useRouteEffects() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
    trackPageView(pathname + window.location.search);
  }, [pathname]);
}

export function SiteLayout() {
  useRouteEffects();
  const check = useSession((s) => s.check);
  useEffect(() => {
    void check();
  }, [check]);
  const bare = useMatches({
    select: (matches) => matches.some((m) => m.staticData.siteChrome === 'none'),
  });

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {!bare && <SiteHeader />}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
      {!bare && <SiteFooter />}
      <Toaster />
    </div>
  );
}
