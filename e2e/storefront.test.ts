import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogCacheFor } from '../api/src/modules/catalog/catalog-cache';
import { seedProducts } from '../api/src/modules/catalog/catalog.service';
import { limitInOneWindow, roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { addToCart, expectPath, productCard, toast, visible } from './support/ui';

// One contact enquiry per network an hour: the second send fails for real (429).
const server = useSiteServer({
  rateLimits: { ...roomyRateLimits, contactPerIp: limitInOneWindow(1) },
});
const browser = useBrowser();

// Both among the first 12 products /shop shows before "Show all".
const RACK = '2-Post Open-Frame Relay Rack, 45U'; // $329.00
const SWITCH = 'Cisco Catalyst 9200L 48-Port PoE+ Switch';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Viewport = (typeof viewports)[number];

function openPage(viewport: Viewport): Promise<Page> {
  const phone = viewport.width < 500;
  return browser.newPage({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: phone,
    hasTouch: phone,
  });
}

function headerCart(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Open cart, \d+ items?$/ });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

/** The box once it has stopped moving (a toast slides in; the page may scroll). */
async function settledBox(locator: Locator): Promise<Box> {
  let last = await box(locator);
  for (let i = 0; i < 50; i += 1) {
    await locator.page().waitForTimeout(50);
    const next = await box(locator);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error('element kept moving');
}

/** Scrolls so the element's bottom edge sits just above the bottom of the screen: where a floating bubble would be. */
async function scrollToBottomEdge(page: Page, locator: Locator): Promise<void> {
  await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    window.scrollBy(0, rect.bottom - window.innerHeight + 6);
  });
}

/** Whether what floats over the page covers this element, as the visitor sees it. */
async function covered(page: Page, target: Locator, floating: Locator): Promise<boolean> {
  if (!(await floating.isVisible())) return false;
  const floatingBox = await box(floating);
  const viewport = page.viewportSize()!;
  if (floatingBox.y >= viewport.height) return false; // stepped aside, below the screen's edge
  return overlap(await box(target), floatingBox);
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('/shop and /pricing are rendered on the server from the current data', () => {
  it('sends the catalogue in the HTML, changes it when the catalogue changes, and hydrates without fetching it', async () => {
    const empty = await fetch(`${server.url}/shop`);
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('No Products Available');
    expect(emptyHtml).toContain('<script type="application/json" id="page-data">{"/api/products":[]}</script>');

    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();
    const html = await (await fetch(`${server.url}/shop`)).text();
    expect(html).toContain(RACK);
    expect(html).toContain('$329.00');
    expect(html).not.toContain('No Products Available');
    // The first 12 as cards, the rest behind a button; all 28 in the data for the browser.
    expect(html).toContain('Show all 28 products');
    expect(html).not.toContain('%PUBLIC_URL%');
    // The first images load with the page, the rest as they scroll in; every one has its size.
    const images = [...html.matchAll(/<img [^>]*src="\/products\/[^"]+"[^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(12);
    expect(images.slice(0, 4).every((img) => img.includes('loading="eager"'))).toBe(true);
    expect(images[0]).toMatch(/fetchpriority="high"/i);
    expect(images.slice(4).every((img) => img.includes('loading="lazy"'))).toBe(true);
    expect(images.every((img) => img.includes('width="400"') && img.includes('height="300"'))).toBe(true);

    // A change to the catalogue (as staff editing a product would make) shows on the next request.
    await server.db('products').where({ name: RACK }).update({ price: '111.11' });
    catalogCacheFor(server.db).invalidate();
    const changed = await (await fetch(`${server.url}/shop`)).text();
    expect(changed).toContain('$111.11');
    await server.db('products').where({ name: RACK }).update({ price: '329.00' });
    catalogCacheFor(server.db).invalidate();

    // Compressed, with an ETag, and a 304 for a browser that has this version.
    const page = await browser.newPage();
    const compressed = await page.request.get(`${server.url}/shop`, { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers()['content-encoding']).toBe('br');
    const etag = compressed.headers().etag!;
    const again = await page.request.get(`${server.url}/shop`, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);

    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products') productRequests.push(request.url());
    });
    await page.goto(`${server.url}/shop`);
    await visible(productCard(page, RACK).getByText('$329.00'));
    // Hydrated: the button works.
    await addToCart(page, RACK);
    await visible(toast(page, 'Added to Cart'));
    expect(productRequests).toEqual([]);

    // The rest of the catalogue, from the data the page came with; focus goes to the first product shown.
    await page.getByRole('button', { name: 'Show all 28 products' }).click();
    await visible(productCard(page, 'Ubiquiti UniFi U7 Pro Wi-Fi 7 Access Point'));
    expect(await page.locator('main ul.grid > li').count()).toBe(28);
    expect(
      await page
        .locator('main ul.grid > li')
        .nth(12)
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(productRequests).toEqual([]);
  });

  it('sends the plans in /pricing', async () => {
    const html = await (await fetch(`${server.url}/pricing`)).text();
    for (const text of ['Essentials', 'Professional', 'Enterprise', '$499.00', '$1,299.00', 'Most Popular']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('id="page-data">{"/api/subscription-plans":[');
    const page = await browser.newPage();
    const planRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/subscription-plans') planRequests.push(request.url());
    });
    await page.goto(`${server.url}/pricing`);
    await visible(page.getByRole('link', { name: 'Sign In to Subscribe' }).first());
    expect(planRequests).toEqual([]);
  });
});

describe.each(viewports)('at $width px', (viewport) => {
  it('keeps a live cart count in the header of every page, and the drawer edits it and checks out', async () => {
    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();
    const buyer = await buildUser(server.db, { firstName: 'Edsger' });
    const page = await openPage(viewport);
    await page.goto(`${server.url}/shop`);
    await visible(headerCart(page));
    expect(await headerCart(page).getAttribute('aria-label')).toBe('Open cart, 0 items');
    await addToCart(page, RACK);
    await addToCart(page, SWITCH);
    await expect.poll(() => headerCart(page).getAttribute('aria-label')).toBe('Open cart, 2 items');
    // The spec's Cart (n) button stays on /shop.
    await visible(page.getByRole('button', { name: 'Cart (2)' }));

    // Another page, loaded afresh: the count comes with it.
    await page.goto(`${server.url}/about`);
    await expect.poll(() => headerCart(page).getAttribute('aria-label')).toBe('Open cart, 2 items');
    await headerCart(page).click();
    const drawer = page.getByRole('dialog');
    await visible(page.getByRole('dialog', { name: 'Your Cart (2)' }));
    await visible(drawer.getByText(RACK));
    await visible(drawer.getByText(SWITCH));
    await visible(drawer.getByText('State Tax (8.5%)'));
    expect(await axeViolations(page)).toEqual([]);
    await drawer
      .getByRole('group', { name: `Quantity of ${RACK}` })
      .getByRole('button', { name: 'Increase quantity' })
      .click();
    await visible(page.getByRole('dialog', { name: 'Your Cart (3)' }));
    await visible(drawer.getByText('$658.00')); // 2 × $329.00
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // Radix moves focus back in a task after the drawer has left the page (its FocusScope's unmount timer), so
    // the assertion waits for that task rather than reading focus in the same instant the drawer disappears.
    await expect.poll(() => headerCart(page).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await headerCart(page).getAttribute('aria-label')).toBe('Open cart, 3 items');

    // Checkout while logged out: a neutral step, then back to the cart after logging in.
    await headerCart(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
    await expectPath(page, '/checkout');
    await visible(page.getByRole('heading', { name: 'Log in to check out' }));
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Log In', exact: true }).click();
    await expectPath(page, '/login?next=%2Fcheckout');
    await logIn(page, buyer.username, buyer.password);
    await expectPath(page, '/checkout');
    await visible(page.getByRole('heading', { name: 'Shipping Information' }));
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await visible(summary.getByText(RACK));
    await visible(summary.getByText(SWITCH));
  });

  it('shows who is signed in: Portal and Log Out for clients, Console for staff too', async () => {
    const page = await openPage(viewport);
    const phone = viewport.width < 500;
    const openAccount = async (name: string) => {
      if (phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        return page.getByRole('navigation', { name: 'Mobile' });
      }
      await page
        .getByRole('banner')
        .getByRole('button', { name: `Account: ${name}` })
        .click();
      return page.getByRole('banner');
    };

    await page.goto(`${server.url}/`);
    if (!phone) await visible(page.getByRole('banner').getByRole('link', { name: 'Client Portal' }));
    await loggedInAs(page, server, { firstName: 'Ada' });
    await page.goto(`${server.url}/about`);
    let menu = await openAccount('Ada');
    await visible(menu.getByRole('link', { name: 'Portal', exact: true }));
    expect(await menu.getByRole('link', { name: 'Console' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await menu.getByRole('link', { name: 'Portal', exact: true }).click();
    await expectPath(page, '/portal');
    await visible(page.getByRole('heading', { name: 'Welcome, Ada' }));

    menu = await openAccount('Ada');
    await menu.getByRole('button', { name: 'Log Out' }).click();
    await visible(toast(page, 'Logged Out'));
    await expectPath(page, '/');
    if (!phone) await visible(page.getByRole('banner').getByRole('link', { name: 'Client Portal' }));

    const staffPage = await openPage(viewport);
    await loggedInAs(staffPage, server, { accountType: 'staff', firstName: 'Grace' });
    await staffPage.goto(`${server.url}/services`);
    const staffMenu = phone
      ? (await staffPage.getByRole('button', { name: 'Open menu' }).click(),
        staffPage.getByRole('navigation', { name: 'Mobile' }))
      : (await staffPage.getByRole('banner').getByRole('button', { name: 'Account: Grace' }).click(),
        staffPage.getByRole('banner'));
    await staffMenu.getByRole('link', { name: 'Console' }).click();
    await expectPath(staffPage, '/admin');
    await visible(staffPage.getByRole('heading', { name: 'Dashboard' }));
  });

  it('puts errors next to the form and focus on the first invalid field', async () => {
    const user = await buildUser(server.db);
    const page = await openPage(viewport);

    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(page.getByText('Username is required'));
    expect(await page.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('button', { name: 'Log In' }).click();
    expect(await page.getByLabel('Password').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await visible(toast(page, 'Login Failed'));
    await visible(page.getByRole('alert').filter({ hasText: 'Login failed: Invalid username or password' }));
    expect(await axeViolations(page)).toEqual([]);

    // The contact form: the browser's own checks focus the first empty required field.
    await page.goto(`${server.url}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Full Name').evaluate((el) => el === document.activeElement)).toBe(true);
    const fill = async () => {
      await page.getByLabel('Full Name').fill('Barbara Liskov');
      await page.getByLabel('Email Address').fill('barbara@example.com');
      await page.getByLabel('Service Interested In').selectOption('Cybersecurity Solutions');
      await page.getByLabel('Message').fill('We need a security assessment of three branch offices.');
    };
    // This network may send one enquiry an hour on this server: the first goes through…
    const first = await page.request.post(`${server.url}/api/contact`, {
      data: { name: 'A', email: 'a@example.com', phone: '', company: '', service: 'General Inquiry', message: 'Hi' },
      headers: { Origin: server.url },
    });
    expect([201, 429]).toContain(first.status());
    // …and the form's send is refused: the message stays, and says so at the form.
    await fill();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await visible(toast(page, 'Error'));
    await visible(page.getByRole('alert').filter({ hasText: 'Failed to send message. Please try again.' }));
    expect(await page.getByLabel('Message').inputValue()).toContain('security assessment');
  });

  it('never lets the chat bubble or a toast cover Add to Cart or Continue to Payment', async () => {
    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();
    const page = await openPage(viewport);
    await page.goto(`${server.url}/shop`);
    const bubble = page.getByRole('button', { name: 'Open live chat' });
    await visible(bubble);
    const buttons = page.getByRole('button', { name: /^Add to Cart/ });
    const count = await buttons.count();
    // Every enabled button in the first rows, brought to where the bubble sits, then pressed.
    let pressed = 0;
    for (let i = 0; i < count && pressed < 6; i += 1) {
      const button = buttons.nth(i);
      if (await button.isDisabled()) continue;
      await scrollToBottomEdge(page, button);
      await expect.poll(() => covered(page, button, bubble)).toBe(false);
      await button.click();
      const shown = page
        .getByRole('region', { name: /Notifications/ })
        .locator('li')
        .first();
      await visible(toast(page, 'Added to Cart'));
      expect(overlap(await settledBox(button), await settledBox(shown)), `toast over Add to Cart #${i}`).toBe(false);
      pressed += 1;
    }
    expect(pressed).toBe(6);

    // Opening the cart with "Added to Cart" up: the drawer shows what the toast said, so the toast goes and covers
    // neither the cart's lines (a phone's drawer is the whole screen, issue 29) nor Checkout.
    await buttons.first().click();
    await visible(toast(page, 'Added to Cart'));
    await headerCart(page).click();
    const checkout = page.getByRole('dialog').getByRole('button', { name: 'Checkout' });
    await visible(checkout);
    // The dialog hides the rest of the page from assistive tech, the toasts too: find them by their list.
    await expect.poll(() => page.locator('ol[data-placement] > li[data-state="open"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Where no primary action is under it (the footer), the bubble is back in its place.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(async () => (await box(bubble)).y < viewport.height).toBe(true);

    // Checkout's Continue to Payment, at the bottom of the screen.
    await loggedInAs(page, server);
    await page.goto(`${server.url}/checkout`);
    const proceed = page.getByRole('button', { name: 'Continue to Payment' });
    await visible(proceed);
    await scrollToBottomEdge(page, proceed);
    await expect.poll(() => covered(page, proceed, bubble)).toBe(false);
    await proceed.click();
    await visible(page.getByText('Full name is required'));
    expect(await page.getByLabel('Full Name').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows the chat bubble on the first screen of /pricing without covering a plan button (issue 29)', async () => {
    const page = await openPage(viewport);
    await page.goto(`${server.url}/pricing`);
    const bubble = page.getByRole('button', { name: 'Open live chat' });
    await visible(page.getByRole('link', { name: 'Sign In to Subscribe' }).first());
    await visible(bubble);
    // Settled where it will stay (it may move once the page has measured what is under it).
    const shown = await settledBox(bubble);
    const where = JSON.stringify({
      bubble: shown,
      buttons: await page
        .getByRole('link', { name: 'Sign In to Subscribe' })
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON())),
    });
    expect(shown.y + shown.height, `on screen: ${where}`).toBeLessThanOrEqual(viewport.height);
    expect(await bubble.getAttribute('data-stepped-aside'), where).toBeNull();
    for (const button of await page.getByRole('link', { name: 'Sign In to Subscribe' }).all()) {
      if (!(await button.isVisible())) continue;
      expect(overlap(shown, await box(button)), `covers a plan button: ${where}`).toBe(false);
    }
    // And it takes a tap there (nothing lies over it).
    await bubble.click({ trial: true });
  });

  it('passes axe on /shop and /pricing', async () => {
    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();
    const page = await openPage(viewport);
    for (const path of ['/shop', '/pricing']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
    }
  });
});
