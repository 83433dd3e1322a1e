import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from '../features/site/not-found-page.tsx';
import { SiteLayout } from '../features/site/site-layout.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: SiteLayout,
  notFoundComponent: NotFoundPage,
});
