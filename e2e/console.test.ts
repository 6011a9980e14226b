import { describe, expect, it } from 'vitest';
import { buildProduct, demoCards, validShipping } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, toast, visible } from './support/ui';

// The demo payment provider (no Stripe keys, not production).
const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

type Page = Awaited<ReturnType<typeof browser.newPage>>;

/** A client buys and pays through the API (another device): the order is paid on the server. */
async function clientPaysAnOrder(): Promise<string> {
  const buyer = await buildUser(server.db);
  const product = await buildProduct(server.db, { price: '120.00' });
  const post = async (path: string, body: unknown, cookie = '') => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
    return res;
  };
  const login = await post('/api/login', { username: buyer.username, password: buyer.password });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const checkout = await post(
    '/api/create-payment-intent',
    { items: [{ id: product.id, quantity: 1 }], shipping: validShipping },
    cookie,
  );
  expect(checkout.status).toBe(201);
  const { clientSecret, order } = (await checkout.json()) as { clientSecret: string; order: { id: string } };
  const paid = await post('/api/demo-payments/confirm', { clientSecret, card: demoCards.succeeds }, cookie);
  expect(paid.status).toBe(200);
  return order.id;
}

function consoleNav(page: Page) {
  return page.getByRole('navigation', { name: 'Console' });
}

describe('the staff console', () => {
  it('staff log in to the console: navigation, live dashboard, chat in the shell, Log Out', async () => {
    const staff = await buildUser(server.db, { accountType: 'staff', firstName: 'Grace' });
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill(staff.username);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/admin');

    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const nav = consoleNav(page);
    for (const name of ['Dashboard', 'Chat', 'Outbox']) await visible(nav.getByRole('link', { name }));
    await visible(page.getByText('Signed in as Grace'));
    // Not the marketing site's chrome.
    expect(await page.getByRole('link', { name: 'Client Portal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open live chat' }).count()).toBe(0);
    // The spec's seeding card is still on /admin.
    await visible(page.getByRole('heading', { name: 'Database Administration' }));
    await visible(page.getByRole('button', { name: 'Seed Production Database' }));

    await visible(page.getByText('Live: counts update as things happen'));
    const toFulfil = page.getByTestId('count-ordersToFulfil');
    const before = Number(await toFulfil.textContent());
    await clientPaysAnOrder();
    // No reload: the paid order's staff event makes the dashboard ask again.
    await expect.poll(async () => Number(await toFulfil.textContent()), { timeout: 10_000 }).toBe(before + 1);
    expect(await axeViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Chat' }).click();
    await expectPath(page, '/admin/chat');
    await visible(page.getByRole('heading', { name: 'Customer Chat', level: 1 }));
    expect(await nav.getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await visible(toast(page, 'Logged Out'));
    await expectPath(page, '/');
  });

  it('clients never see the console: /admin is the seeding card alone, other console paths say "Staff only"', async () => {
    const page = await browser.newPage();
    await loggedInAs(page, server);
    await page.goto(`${server.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Database Administration', level: 1 }));
    expect(await consoleNav(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    await page.goto(`${server.url}/admin/outbox`);
    await visible(page.getByRole('heading', { name: 'Staff only', level: 1 }));
    expect(await consoleNav(page).count()).toBe(0);

    // A client logging in goes to the portal, not the console.
    const client = await buildUser(server.db);
    const other = await browser.newPage();
    await other.goto(`${server.url}/login`);
    await other.getByLabel('Username').fill(client.username);
    await other.getByLabel('Password').fill(client.password);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expectPath(other, '/portal');
  });
});
