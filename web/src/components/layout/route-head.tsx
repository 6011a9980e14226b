import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { company } from '@shared/site/company';
import { ogImageFor } from '@shared/site/og-images';
import { documentTitle, findSiteRoute, notFoundRoute } from '@shared/site/routes';

function setMeta(selector: string, attribute: 'content' | 'href', value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps <title>, description, canonical and Open Graph tags right as the
 * visitor navigates. The first page's tags come prerendered in the HTML.
 * `title` names what a page shows instead of its route's title (the spec's
 * seeding card at /admin for someone who is not staff).
 */
export function RouteHead({ title: shownTitle }: { title?: string } = {}) {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const found = findSiteRoute(pathname) ?? notFoundRoute;
    const route = shownTitle ? { ...found, title: shownTitle } : found;
    const title = documentTitle(route, company.name);
    const url = `${window.location.origin}${route.path}`;
    document.title = title;
    setMeta('meta[name="description"]', 'content', route.description);
    setMeta('meta[property="og:title"]', 'content', title);
    setMeta('meta[property="og:description"]', 'content', route.description);
    setMeta('meta[property="og:url"]', 'content', url);
    setMeta('link[rel="canonical"]', 'href', url);
    setMeta('meta[name="robots"]', 'content', route.indexable ? 'index, follow' : 'noindex');
    const image = ogImageFor(route.path);
    setMeta('meta[property="og:image"]', 'content', `${window.location.origin}${image.path}`);
    setMeta('meta[name="twitter:image"]', 'content', `${window.location.origin}${image.path}`);
    setMeta('meta[property="og:image:alt"]', 'content', image.alt);
  }, [pathname, shownTitle]);
  // A new page starts at the top, or at the section its #fragment names. Not the page the visitor arrived on: the
  // browser has placed that one (its #fragment, or where a reload or Back left it), and the visitor may have
  // scrolled it before it hydrated — moving them then would also move what they were about to tap.
  const shown = useRef(`${pathname}${hash}`);
  useEffect(() => {
    if (shown.current === `${pathname}${hash}`) return;
    shown.current = `${pathname}${hash}`;
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
