import { describe, expect, it } from 'vitest';
import { buildProduct } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { loggedInAs } from './support/auth';
import { useBrowser } from './support/browser';
import { clientPaysThroughApi } from './support/orders';
import { useSiteServer } from './support/server';
import { screenName, visible } from './support/ui';

// Decision 167: the console shows each role only its screens and actions (the server refuses the rest anyway).
const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

type Page = Awaited<ReturnType<typeof browser.newPage>>;

async function paidOrder(): Promise<string> {
  const product = await buildProduct(server.db, { price: '80.00' });
  const buyer = await buildUser(server.db);
  const order = await clientPaysThroughApi(await browser.newPage(), server.url, buyer, [
    { id: product.id, quantity: 1 },
  ]);
  return order.id;
}

async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Console' });
  await visible(nav.getByRole('link', { name: 'Dashboard' }));
  return (await nav.getByRole('link').allInnerTexts()).map(screenName);
}

describe('the console by role, at 1280 px', () => {
  it('support: chat, enquiries and requests, orders to read; no Refund, Outbox, Catalogue or seeding', async () => {
    const orderId = await paidOrder();
    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff', staffRole: 'support' });
    await page.goto(`${server.url}/admin`);
    expect(await navLabels(page)).toEqual([
      'Dashboard',
      'Chat',
      'Orders',
      'Customers',
      'Enquiries',
      'Service requests',
      'Reports',
    ]);
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
    await visible(page.getByTestId('count-waitingChats'));
    expect(await page.getByRole('button', { name: /Seed/ }).count()).toBe(0);

    await page.goto(`${server.url}/admin/orders/${orderId}`);
    const refunds = page.getByRole('heading', { name: 'Refunds' });
    await visible(refunds);
    expect(await page.getByRole('button', { name: 'Refund…' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start processing' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    // A screen outside the role, reached by its address, says so (its calls would be refused with 403).
    browser.allowErrors(/status of 403/);
    await page.goto(`${server.url}/admin/outbox`);
    await visible(page.getByRole('heading', { name: 'Not part of your role' }));
  });

  it('fulfilment: orders (processing, but no cancelling a paid order) and the catalogue; no chat', async () => {
    const orderId = await paidOrder();
    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff', staffRole: 'fulfilment' });
    await page.goto(`${server.url}/admin`);
    expect(await navLabels(page)).toEqual(['Dashboard', 'Orders', 'Catalogue']);
    await visible(page.getByTestId('count-ordersToFulfil'));
    expect(await page.getByTestId('count-waitingChats').count()).toBe(0);
    expect(await page.getByTestId('count-newEnquiries').count()).toBe(0);

    await page.goto(`${server.url}/admin/orders/${orderId}`);
    await visible(page.getByRole('button', { name: 'Start processing' }));
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Refund…' }).count()).toBe(0);

    await page.goto(`${server.url}/admin/catalogue`);
    await visible(page.getByRole('heading', { name: 'Catalogue' }));
    expect(await page.getByRole('link', { name: 'New product' }).count()).toBe(0);

    await page.goto(`${server.url}/admin/chat`);
    await visible(page.getByRole('heading', { name: 'Not part of your role' }));
  });
});
