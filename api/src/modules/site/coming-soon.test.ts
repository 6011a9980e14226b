import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { comingSoonSites } from '@shared/site/subdomains';
import { createApp } from '../../app';
import { useSiteBuild } from '../../test/site-build';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp();

// A miniature build: the pages and files the middleware chooses between.
const build: Record<string, string> = {
  'index.html': '<h1>Home page</h1>',
  'portal/index.html': '<h1>Main-site portal</h1>',
  '404.html': '<h1>Page Not Found</h1>',
  'assets/index-abc123.css': 'body{color:#111}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sitemap.xml': '<urlset><url><loc>%PUBLIC_URL%/</loc></url></urlset>',
  'robots.txt': 'User-agent: *\nSitemap: %PUBLIC_URL%/sitemap.xml\n',
  ...Object.fromEntries(
    comingSoonSites.map((site) => [
      `_coming-soon/${site.subdomain}.html`,
      `<h1>${site.title}</h1><p>Coming Soon</p><a href="%PUBLIC_URL%/">Back to the main site</a>`,
    ]),
  ),
};

const siteBuild = useSiteBuild(build);

function site(publicUrl = 'https://www.example.com') {
  const app = createApp({ ...t.deps, config: { ...t.deps.config, publicUrl } }, { siteFiles: siteBuild.files });
  return request(app.callback());
}

describe('Coming Soon subdomains', () => {
  it.each(comingSoonSites.map((s) => [s.subdomain, s.title]))(
    '%s.example.com shows its Coming Soon page on every path',
    async (subdomain, title) => {
      for (const pagePath of ['/', '/portal', '/about', '/deep/link?x=1', '/_coming-soon/portal.html']) {
        const res = await site().get(pagePath).set('Host', `${subdomain}.example.com`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain(`<h1>${title}</h1>`);
        expect(res.text).toContain('href="https://www.example.com/"');
        expect(res.headers['x-robots-tag']).toBe('noindex');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      }
    },
  );

  it('matches the host name regardless of case, port and a trailing dot', async () => {
    for (const host of ['SUPPORT.Example.com', 'support.example.com:8443', 'support.example.com.']) {
      const res = await site().get('/').set('Host', host);
      expect(res.text).toContain('<h1>Support Center</h1>');
    }
  });

  it('serves the stylesheet and icon the page uses', async () => {
    const css = await site().get('/assets/index-abc123.css').set('Host', 'billing.example.com');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await site().get('/favicon.svg').set('Host', 'billing.example.com');
    expect(icon.status).toBe(200);
  });

  it('has its own robots.txt and no sitemap of the main site', async () => {
    const robots = await site().get('/robots.txt').set('Host', 'status.example.com');
    expect(robots.text).toBe('User-agent: *\nAllow: /\n');
    const sitemap = await site().get('/sitemap.xml').set('Host', 'status.example.com');
    expect(sitemap.text).toContain('<h1>System Status</h1>');
  });

  it('answers API paths with 404 JSON and other methods with 405', async () => {
    const api = await site().get('/api/auth/user').set('Host', 'portal.example.com');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Not found' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const post = await site().post('/api/contact').set('Host', 'portal.example.com').send({});
    expect(post.status).toBe(404);
    const form = await site().post('/').set('Host', 'portal.example.com').send({});
    expect(form.status).toBe(405);
    expect(form.headers.allow).toBe('GET, HEAD');
  });

  it('keeps the health check on every host', async () => {
    const res = await site().get('/healthz').set('Host', 'status.example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('the main site is unaffected', () => {
  it('serves /portal and the API on the main host', async () => {
    const portal = await site().get('/portal').set('Host', 'www.example.com');
    expect(portal.text).toContain('Main-site portal');
    const api = await site().get('/api/auth/user').set('Host', 'www.example.com');
    expect(api.status).toBe(401);
  });

  it.each(['example.com', 'shop.example.com', 'portal', 'portals.example.com', 'my-portal.example.com'])(
    'treats %s as the main site',
    async (host) => {
      const res = await site().get('/').set('Host', host);
      expect(res.text).toContain('Home page');
    },
  );

  it('never turns the main host itself into a Coming Soon page', async () => {
    const res = await site('https://status.example.com').get('/').set('Host', 'status.example.com');
    expect(res.text).toContain('Home page');
  });

  it('fills in the public URL in sitemap.xml and robots.txt', async () => {
    const sitemap = await site().get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain('<loc>https://www.example.com/</loc>');
    const robots = await site().get('/robots.txt');
    expect(robots.text).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });
});
