import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './features/site/not-found-page.tsx';
import { routeTree } from './routeTree.gen.ts';
import { useSession } from './stores/session-store.ts';

/** What every route's beforeLoad/loader receives: guards call `context.session.getState().check()`. */
export type RouterContext = { session: typeof useSession };

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { session: useSession },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
