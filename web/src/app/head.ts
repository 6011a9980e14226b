import { company } from '@shared/site/company';
import { documentTitle, type SiteRoute } from '@shared/site/routes';

/** Replaced by the server with PUBLIC_URL when it loads the built pages. */
export const PUBLIC_URL_TOKEN = '%PUBLIC_URL%';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The <head> tags of a prerendered page. RouteHead keeps them current after navigation. */
export function renderHead(route: SiteRoute): string {
  const title = escapeHtml(documentTitle(route, company.name));
  const description = escapeHtml(route.description);
  const url = `${PUBLIC_URL_TOKEN}${route.path}`;
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta name="robots" content="${route.indexable ? 'index, follow' : 'noindex'}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}
