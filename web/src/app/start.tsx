import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { createQueryClient, readPageData, seedQueries } from '@/lib/query-client';
import { AppProviders } from './providers';
import { routes } from './router';

/**
 * The page arrives prerendered; load the code of the routes it shows before
 * hydrating so the first client render matches the HTML exactly; `pause`
 * yields to the browser between loading them and hydrating; `onHydrated`
 * runs once the page has hydrated (or rendered).
 */
export async function start({
  pause,
  onHydrated,
}: {
  pause: () => Promise<void>;
  onHydrated: () => void;
}): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  await pause();
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient();
  // A live page (/shop, /pricing) carries the data it was rendered from: hydrate with it, no fetch.
  seedQueries(queryClient, readPageData(document));
  // One child per level, as entry-server.tsx renders it: a sibling here would shift every useId (the header menu's
  // id) and the hydrated attributes would not match the HTML.
  const app = (
    <StrictMode>
      <AfterCommit run={onHydrated}>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </AfterCommit>
    </StrictMode>
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // The page is already readable: hydrate as a transition, so React works in
  // short slices and a tap or keypress is never stuck behind one long task.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

/** Runs `run` after the first commit: a parent's effect fires after those of the tree it wraps. */
function AfterCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}
