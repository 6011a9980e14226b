import type { Middleware } from 'koa';
import { isApiPath } from '../../api-path';

/** Where `npm run dev` serves the site: Vite's dev server (web/vite.config.ts, port 5173, strict). */
export const VITE_DEV_URL = 'http://localhost:5173';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/**
 * In `npm run dev` the API serves no site: a build left in dist/web would be
 * stale, and the site with hot reload is Vite's. Page requests get a short
 * page pointing there instead (status 404, so nothing mistakes it for a page
 * of the site); the API, /healthz and the chat socket work as usual.
 */
export function devSiteNotice(viteUrl: string): Middleware {
  const url = escapeHtml(viteUrl);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development API server</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>This is the development API server</h1>
<p>In <code>npm run dev</code> the site is served by Vite, with hot reload: open <a href="${url}">${url}</a>.
It forwards <code>/api</code>, <code>/healthz</code> and the chat socket here.</p>
</body></html>
`;
  return async function serveDevNotice(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    ctx.status = 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = html;
  };
}
