import type { SiteRoute } from './routes';

/**
 * sitemap.xml and robots.txt, generated at build time from the route table.
 * `origin` is the public origin (the %PUBLIC_URL% token in the build).
 */

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function sitemapXml(routes: readonly SiteRoute[], origin: string): string {
  const urls = routes
    .filter((route) => route.indexable)
    .map((route) => `  <url>\n    <loc>${escapeXml(`${origin}${route.path}`)}</loc>\n  </url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Crawlers may fetch every page but not the API. Pages that must stay out of
 * search results (login, portal, checkout…) say so with `noindex`, which a
 * crawler can only read if robots.txt lets it fetch them.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
