import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { createQueryClient, readPageData, seedQueries } from '@/lib/query-client';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import './styles/app.css';

/**
 * The page arrives prerendered; load the code of the routes it shows before
 * hydrating so the first client render matches the HTML exactly.
 */
async function start(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient();
  // A live page (/shop, /pricing) carries the data it was rendered from: hydrate with it, no fetch.
  seedQueries(queryClient, readPageData(document));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // The page is already readable: hydrate as a transition, so React works in
  // short slices and a tap or keypress is never stuck behind one long task.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
