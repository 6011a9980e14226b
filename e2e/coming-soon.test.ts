import { describe, expect, it } from 'vitest';
import { company } from '../shared/src/site/company';
import { comingSoonSites } from '../shared/src/site/subdomains';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { visible } from './support/ui';

const server = useSiteServer();
const browser = useBrowser();

/** The same server under a subdomain host: Chromium resolves *.localhost to this machine. */
function onHost(subdomain: string, path = '/'): string {
  return `http://${subdomain}.localhost:${new URL(server.url).port}${path}`;
}

describe('Coming Soon subdomains', () => {
  it('shows each subdomain its own page, styled, with no app JavaScript, on every path', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const site of comingSoonSites) {
      for (const path of ['/', '/portal/orders?x=1']) {
        const response = await page.goto(onHost(site.subdomain, path));
        expect(response?.status()).toBe(200);
        await visible(page.getByRole('heading', { level: 1, name: site.title }));
        await visible(page.getByText('Coming Soon', { exact: true }));
      }
      await visible(page.getByText(site.description));
      for (const feature of site.plannedFeatures) await visible(page.getByText(feature));
      expect(await page.getByRole('link', { name: site.contactEmail }).getAttribute('href')).toBe(
        `mailto:${site.contactEmail}`,
      );
      expect(await page.getByRole('link', { name: company.phone }).getAttribute('href')).toBe(
        `tel:${company.phoneE164}`,
      );
      expect(await page.getByRole('link', { name: `Back to ${company.name}` }).getAttribute('href')).toBe(
        `${server.url}/`,
      );
      expect(await page.title()).toBe(`${site.title} — Coming Soon | ${company.name}`);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      // The site's stylesheet loaded from the subdomain: the page is navy, not unstyled white.
      const background = await page
        .getByRole('main')
        .evaluate((el) => getComputedStyle(el.parentElement as Element).backgroundColor);
      expect(background).toBe('rgb(11, 31, 58)');
    }
    expect(scripts).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('goes back to the main site, which is unaffected', async () => {
    const page = await browser.newPage();
    await page.goto(onHost('status', '/'));
    await page.getByRole('link', { name: `Back to ${company.name}` }).click();
    await page.waitForURL(`${server.url}/`);
    await visible(page.getByRole('heading', { level: 1, name: /Networks, security and field IT/ }));
    // /portal on the main host is the client portal route, not the portal Coming Soon page.
    const portal = await page.request.get(`${server.url}/portal`);
    expect(await portal.text()).not.toContain('Coming Soon');
  });

  it('is chosen by the Host header, and answers the API with 404 there', async () => {
    const page = await browser.newPage();
    const res = await page.request.get(`${server.url}/about`, { headers: { Host: 'billing.example.com' } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Billing Center');
    const api = await page.request.get(`${server.url}/api/auth/user`, { headers: { Host: 'billing.example.com' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });
});
