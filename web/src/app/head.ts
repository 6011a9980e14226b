import { company } from '@shared/site/company';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImageFor } from '@shared/site/og-images';
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
  const image = ogImageFor(route.path);
  const imageUrl = `${PUBLIC_URL_TOKEN}${image.path}`;
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
    `<meta property="og:image" content="${imageUrl}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${OG_IMAGE_WIDTH}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE_HEIGHT}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:image" content="${imageUrl}" />`,
  ].join('\n    ');
}
