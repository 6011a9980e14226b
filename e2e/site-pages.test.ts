import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeBusinessHours } from '../api/src/test/business-hours';
import { serviceOptions } from '../shared/src/schemas/contact';
import { DEFAULT_BUSINESS_HOURS } from '../shared/src/schemas/support';
import { company } from '../shared/src/site/company';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, visible } from './support/ui';

const server = useSiteServer();
const browser = useBrowser();

// The contact page shows the hours the team set: here the spec's (test databases start open around the clock).
beforeAll(() => storeBusinessHours(server.db, DEFAULT_BUSINESS_HOURS));

interface PageCheck {
  path: string;
  title: string;
  h1: string;
  texts: string[];
  /** Link text (exact) → where it points. */
  links: [string, string][];
}

const caseStudyTitles = [
  'Hospital-Grade Wi-Fi for a Regional Medical Center',
  'Cybersecurity Hardening for a Multi-Branch Credit Union',
  'Nationwide Network Rollout Across 120+ Retail Stores',
  'Cloud Migration for a Growing SaaS Provider',
];

const pages: PageCheck[] = [
  {
    path: '/',
    title: 'Northstar IT Solutions | Enterprise IT Services, Network Engineering & Cybersecurity',
    h1: 'Networks, security and field IT that keep your business running',
    texts: [
      'Certified Ekahau Partner',
      'Nationwide field coverage',
      '24/7 enterprise support',
      '15+',
      'Years of Engineering Experience',
      '500+',
      'Enterprise Clients',
      '99.9%',
      '4,329+',
      'Projects Since 2017',
      'Certified Ekahau Wi-Fi design',
      ...caseStudyTitles,
    ],
    links: [
      ['Get a Free Quote', '/contact'],
      ['Explore Our Services', '/services'],
      ['Contact Us', '/contact'],
      ['Shop Technology', '/shop'],
      ['View All Case Studies', '/portfolio'],
      ['Read the case study: Cloud Migration for a Growing SaaS Provider', '/portfolio#cloud-migration'],
    ],
  },
  {
    path: '/about',
    title: 'About Us | Northstar IT Solutions',
    h1: 'About Northstar IT Solutions',
    texts: [
      'Our Mission',
      'Our Values',
      'Reliability',
      'Security First',
      'Transparency',
      'Partnership',
      'Founded',
      'Joined a field-service platform',
      'Partner certification',
      'Nationwide',
      '500+ clients',
      '1,200+ projects',
      'Leadership',
      'Certifications & Partnerships',
    ],
    links: [['Contact Us', '/contact']],
  },
  {
    path: '/services',
    title: 'IT Services | Northstar IT Solutions',
    h1: 'Enterprise IT Services',
    texts: serviceOptions.slice(0, 8).map((option) => option),
    links: [
      ['Contact Us', '/contact'],
      ['View Case Studies', '/portfolio'],
    ],
  },
  {
    path: '/portfolio',
    title: 'Case Studies | Northstar IT Solutions',
    h1: 'Case Studies',
    texts: [
      "Real results for real businesses. Explore how we've helped organizations achieve their technology goals.",
      ...caseStudyTitles,
      'Healthcare',
      'Ekahau Wi-Fi Design',
      'Finance',
      'Retail',
      'Field IT Services',
      'Technology',
      'Cloud Services',
      '40%',
      '120+',
      '99.8%',
      '25%',
      '10x',
      'Ready to Transform Your Business?',
      "Let's discuss how we can help you achieve similar results.",
    ],
    links: [['Start Your Project', '/contact']],
  },
  {
    path: '/contact',
    title: 'Contact Us | Northstar IT Solutions',
    h1: 'Get In Touch',
    texts: [
      "Have a project in mind? Let's discuss how we can help transform your IT infrastructure.",
      'Send Us a Message',
      "Fill out the form below and we'll get back to you within 24 hours.",
      'Contact Information',
      'Business Hours',
      'Monday – Friday',
      '8:00 AM – 6:00 PM',
      '9:00 AM – 2:00 PM',
      'Closed',
      company.hours.note,
    ],
    links: [
      [company.email, `mailto:${company.email}`],
      [company.phone, `tel:${company.phoneE164}`],
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy | Northstar IT Solutions',
    h1: 'Privacy Policy',
    texts: ['Information we collect', 'Cookies', 'Your choices and rights'],
    links: [['Terms of Service', '/terms']],
  },
  {
    path: '/terms',
    title: 'Terms of Service | Northstar IT Solutions',
    h1: 'Terms of Service',
    texts: ['Paid consultations', 'Subscription plans', 'Governing law'],
    links: [['Privacy Policy', '/privacy']],
  },
];

async function checkShell(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, href] of [
    ['Home', '/'],
    ['About', '/about'],
    ['Services', '/services'],
    ['Portfolio', '/portfolio'],
    ['Shop', '/shop'],
    ['Contact', '/contact'],
  ]) {
    expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
  }
  const footer = page.getByRole('contentinfo');
  await visible(footer.getByText(company.address.street));
}

describe('public pages', () => {
  it('render their content, head tags and links, with no accessibility violations', async () => {
    const page = await browser.newPage();
    for (const check of pages) {
      const response = await page.goto(`${server.url}${check.path}`);
      expect(response?.status(), check.path).toBe(200);
      expect(await page.title()).toBe(check.title);
      await visible(page.getByRole('heading', { level: 1, name: check.h1, exact: true }));
      expect(await page.locator('h1').count(), `one h1 on ${check.path}`).toBe(1);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toBe(`${server.url}${check.path}`);
      expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(canonical);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      for (const text of check.texts) {
        expect(await page.getByText(text, { exact: true }).count(), `"${text}" on ${check.path}`).toBeGreaterThan(0);
      }
      for (const [name, href] of check.links) {
        const link = page.getByRole('link', { name, exact: true }).first();
        expect(await link.getAttribute('href'), `${name} on ${check.path}`).toBe(href);
      }
      await checkShell(page);
      expect(await axeViolations(page), `axe on ${check.path}`).toEqual([]);
    }
  });

  it('sends every Request Service button to the contact form with its service', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/services`);
    const links = page.getByRole('link', { name: /^Request Service/ });
    expect(await links.count()).toBe(8);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual(serviceOptions.slice(0, 8).map((o) => `/contact?service=${encodeURIComponent(o)}`));

    await page.getByRole('link', { name: 'Request Service: Low Voltage Cabling' }).click();
    await expectPath(page, `/contact?service=${encodeURIComponent('Low Voltage Cabling')}`);
    await expect.poll(() => page.getByLabel('Service Interested In').inputValue()).toBe('Low Voltage Cabling');

    // Also when the page is opened directly (prerendered, then hydrated); unknown values are ignored.
    await page.goto(`${server.url}/contact?service=${encodeURIComponent('AI & Automation')}`);
    await expect.poll(() => page.getByLabel('Service Interested In').inputValue()).toBe('AI & Automation');
    await page.goto(`${server.url}/contact?service=Plumbing`);
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(await page.getByLabel('Service Interested In').inputValue()).toBe('');
  });

  it('carries JSON-LD for the company on the home and contact pages, without CSP errors', async () => {
    const page = await browser.newPage();
    for (const [path, type] of [
      ['/', 'Organization'],
      ['/contact', 'LocalBusiness'],
    ]) {
      await page.goto(`${server.url}${path}`);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(blocks).toHaveLength(1);
      const data = JSON.parse(blocks[0]!) as Record<string, unknown>;
      expect(data).toMatchObject({ '@type': type, name: company.name, url: `${server.url}/` });
      expect(JSON.stringify(data)).not.toContain('%PUBLIC_URL%');
    }
    // A page without it has none.
    await page.goto(`${server.url}/about`);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  });

  it('is readable with JavaScript turned off', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${server.url}/portfolio`);
    await visible(page.getByRole('heading', { level: 1, name: 'Case Studies' }));
    for (const title of caseStudyTitles) await visible(page.getByRole('heading', { name: title }));
    await page.goto(`${server.url}/contact`);
    await visible(page.getByLabel('Full Name'));
    await visible(page.getByText(company.phone).first());
  });

  it('has a mobile menu that works at a phone viewport', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await visible(menu);
    await menu.getByRole('link', { name: 'Portfolio', exact: true }).click();
    await expectPath(page, '/portfolio');
    await visible(page.getByRole('heading', { level: 1, name: 'Case Studies' }));
    await menu.waitFor({ state: 'hidden' });
    expect(await page.title()).toBe('Case Studies | Northstar IT Solutions');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('answers 404 with the 404 page, which passes axe too', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/services/unknown`);
    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { level: 1, name: 'Page Not Found' }));
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('serves sitemap.xml and robots.txt built from the route table', async () => {
    const page = await browser.newPage();
    const sitemap = await page.request.get(`${server.url}/sitemap.xml`);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const text = await sitemap.text();
    for (const check of pages) expect(text).toContain(`<loc>${server.url}${check.path}</loc>`);
    expect(text).not.toContain('/login<');
    const robots = await (await page.request.get(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
