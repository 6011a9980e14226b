import { describe, expect, it } from 'vitest';
import { company } from './company';
import { siteRoutes } from './routes';
import { robotsTxt, sitemapXml } from './seo-files';
import { jsonLdScript, localBusinessJsonLd, organizationJsonLd, structuredDataFor } from './structured-data';
import { comingSoonSiteFor, comingSoonSites } from './subdomains';

describe('sitemap.xml and robots.txt', () => {
  it('lists exactly the indexable routes with absolute URLs', () => {
    const xml = sitemapXml(siteRoutes, 'https://www.example.com');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(siteRoutes.filter((r) => r.indexable).map((r) => `https://www.example.com${r.path}`));
    expect(locs).toContain('https://www.example.com/contact');
    expect(locs).not.toContain('https://www.example.com/login');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('escapes XML special characters', () => {
    const xml = sitemapXml([{ path: '/a&b', title: '', description: '', indexable: true }], 'https://x.test');
    expect(xml).toContain('<loc>https://x.test/a&amp;b</loc>');
  });

  it('points crawlers at the sitemap and keeps them out of the API', () => {
    expect(robotsTxt('https://www.example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://www.example.com/sitemap.xml\n',
    );
  });
});

describe('structured data', () => {
  it('describes the organisation from the company profile', () => {
    const org = organizationJsonLd('https://www.example.com');
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: company.name,
      url: 'https://www.example.com/',
      telephone: company.phoneE164,
      address: { addressLocality: company.address.locality, addressRegion: 'MN' },
      sameAs: company.social.map((s) => s.href),
    });
  });

  it('gives the local business its opening hours, leaving out closed days', () => {
    const business = localBusinessJsonLd('https://www.example.com');
    expect(business['openingHoursSpecification']).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
  });

  it('is carried by the home and contact pages only', () => {
    expect(structuredDataFor('/', 'o')).toHaveLength(1);
    expect(structuredDataFor('/contact', 'o')[0]?.['@type']).toBe('LocalBusiness');
    expect(structuredDataFor('/about', 'o')).toEqual([]);
  });

  it('cannot be used to close its script element', () => {
    const script = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(script.replace(/^<script[^>]*>|<\/script>$/g, ''))).toEqual({
      name: '</script><script>alert(1)</script>',
    });
  });
});

describe('Coming Soon hosts', () => {
  it('recognises the five subdomains', () => {
    expect(comingSoonSites.map((s) => s.subdomain)).toEqual(['portal', 'support', 'clients', 'billing', 'status']);
    for (const site of comingSoonSites) {
      expect(comingSoonSiteFor(`${site.subdomain}.example.com`, 'www.example.com')).toBe(site);
      expect(comingSoonSiteFor(`${site.subdomain}.localhost`, '127.0.0.1')).toBe(site);
    }
  });

  it.each([
    ['www.example.com', 'www.example.com'],
    ['example.com', 'www.example.com'],
    ['portal', 'www.example.com'],
    ['portal.', 'www.example.com'],
    ['.portal.example.com', 'www.example.com'],
    ['status.example.com', 'status.example.com'],
    ['statuses.example.com', 'www.example.com'],
  ])('leaves %s (main host %s) to the main site', (host, main) => {
    expect(comingSoonSiteFor(host, main)).toBeUndefined();
  });
});
