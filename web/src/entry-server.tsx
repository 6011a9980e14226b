import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createQueryClient, seedQueries } from '@/lib/query-client';
import { AppProviders } from './app/providers';
import type { ComingSoonSite } from '@shared/site/subdomains';
import { ComingSoonPage } from '@/features/coming-soon/components/coming-soon-page';
import { NOT_FOUND_ROUTE_ID, routes } from './app/router';

export { escapeHtml, renderHead, PUBLIC_URL_TOKEN } from './app/head';

interface RenderedPage {
  html: string;
  /** Source files of the matched route modules, for <link rel="modulepreload">. */
  sources: string[];
  notFound: boolean;
}

/**
 * Renders one path to HTML: at build time with no data (queries render their
 * loading state), or on the server at request time with `data`, the answers
 * of the API paths the page is rendered from (`{ "/api/products": [...] }`),
 * seeded into the query cache as the default query would have fetched them.
 */
export async function renderPage(path: string, data: Record<string, unknown> = {}): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`Route ${path} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* No inline hydration script: the CSP forbids inline scripts, and there are no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const sources = context.matches
    .map((match) => (match.route.handle as { source?: string } | undefined)?.source)
    .filter((source): source is string => Boolean(source));
  const notFound = sources.length === 0 || context.matches.some((match) => match.route.id === NOT_FOUND_ROUTE_ID);
  return { html, sources, notFound };
}

/** A subdomain's Coming Soon page: static markup, never hydrated. */
export function renderComingSoon(site: ComingSoonSite, mainSiteUrl: string): string {
  return renderToStaticMarkup(<ComingSoonPage site={site} mainSiteUrl={mainSiteUrl} />);
}
