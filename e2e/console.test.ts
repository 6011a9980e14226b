import { describe, expect, it } from 'vitest';
import { buildProduct, demoCards, validShipping } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { loggedInAs, logInWithForm } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { clientPaysThroughApi } from './support/orders';
import { useSiteServer } from './support/server';
import { expectPath, hydrated, toast, visible } from './support/ui';

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
    await logInWithForm(page, staff);
    await expectPath(page, '/admin');

    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const nav = consoleNav(page);
    for (const name of ['Dashboard', 'Chat', 'Outbox']) await visible(nav.getByRole('link', { name }));
    await visible(page.getByText('Signed in as Grace'));
    // Not the marketing site's chrome.
    expect(await page.getByRole('link', { name: 'Client Portal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open live chat' }).count()).toBe(0);
    // Seeding is not on the Dashboard every staff member opens first, but under Maintenance (issue 29).
    expect(await page.getByRole('button', { name: 'Seed Production Database' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Maintenance' }).click();
    await expectPath(page, '/admin/maintenance');
    await visible(page.getByRole('heading', { name: 'Maintenance', level: 1 }));
    await visible(page.getByRole('heading', { name: 'Database Administration', level: 2 }));
    await visible(page.getByRole('button', { name: 'Seed Production Database' }));
    await expect.poll(() => page.title()).toBe('Maintenance — Northstar IT Console');
    await nav.getByRole('link', { name: 'Dashboard' }).click();

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

  it('the dashboard cards open the lists they count, the sidebar badges what waits, each screen has its title', async () => {
    const page = await browser.newPage();
    await loggedInAs(page, server, { accountType: 'staff', staffRole: 'support', firstName: 'Ada' });
    await page.goto(`${server.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    await expect.poll(() => page.title()).toBe('Dashboard — Northstar IT Console');
    await visible(page.getByText('Live: counts update as things happen'));

    // A visitor writes in (another device): the card and the Enquiries badge count it without a reload.
    const newEnquiries = page.getByTestId('count-newEnquiries');
    const before = Number(await newEnquiries.textContent());
    const sent = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({
        name: 'Dana Visitor',
        email: 'dana@example.com',
        service: 'General Inquiry',
        message: 'Help?',
      }),
    });
    expect(sent.status).toBe(201);
    await expect.poll(async () => Number(await newEnquiries.textContent()), { timeout: 10_000 }).toBe(before + 1);
    const nav = consoleNav(page);
    await visible(nav.getByRole('link', { name: `Enquiries ${before + 1} new` }));

    await page.getByRole('link', { name: /New enquiries/ }).click();
    await expectPath(page, '/admin/enquiries?status=new');
    await visible(page.getByRole('heading', { name: 'Enquiries', level: 1 }));
    await visible(page.getByText('Dana Visitor').first());
    await expect.poll(() => page.title()).toBe('Enquiries — Northstar IT Console');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: /Unassigned service requests/ }).click();
    await expectPath(page, '/admin/service-requests?status=pending&assigneeId=none');
    await expect.poll(() => page.title()).toBe('Service Requests — Northstar IT Console');
  });

  it('on a phone the navigation folds behind a Menu button, opens on demand and folds again on every move', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await loggedInAs(page, server, { accountType: 'staff', firstName: 'Katherine' });
    await page.goto(`${server.url}/admin/orders`);
    await visible(page.getByRole('heading', { name: 'Orders', level: 1 }));
    const menu = page.getByRole('button', { name: /^Orders (\d+ waiting )?\(open the menu\)$/ });
    await visible(menu);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await consoleNav(page).isVisible()).toBe(false);
    // The screen starts at the top: its heading is in the first screenful, under the folded header.
    const heading = await page.getByRole('heading', { name: 'Orders', level: 1 }).boundingBox();
    expect(heading!.y).toBeLessThan(200);

    await menu.click();
    const nav = consoleNav(page);
    await visible(nav);
    await visible(page.getByText('Signed in as Katherine'));
    await nav.getByRole('link', { name: 'Customers' }).click();
    await expectPath(page, '/admin/customers');
    await visible(page.getByRole('button', { name: /^Customers (\d+ waiting )?\(open the menu\)$/ }));
    expect(await nav.isVisible()).toBe(false);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('staff fulfil an order with tracking in the console, and the client sees it shipped in the portal', async () => {
    const buyer = await buildUser(server.db, { firstName: 'Ada', email: 'ada.buyer@example.com' });
    const product = await buildProduct(server.db, { name: 'Console Test Switch', price: '250.00' });
    const client = await browser.newPage();
    const order = await clientPaysThroughApi(client, server.url, buyer, [{ id: product.id, quantity: 1 }]);

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Grace' });
    await staff.goto(`${server.url}/admin`);
    await consoleNav(staff).getByRole('link', { name: 'Orders' }).click();
    await expectPath(staff, '/admin/orders');
    await staff.getByLabel('Search').fill('ada.buyer@example');
    await staff.getByLabel('Status').selectOption('paid');
    await staff.getByRole('button', { name: 'Apply' }).click();
    await staff.getByRole('link', { name: order.number }).click();
    await expectPath(staff, `/admin/orders/${order.id}`);
    await visible(staff.getByRole('heading', { name: `Order ${order.number}`, level: 1 }));
    await visible(staff.getByText('Console Test Switch'));
    await visible(staff.getByRole('link', { name: 'Ada' }));
    expect(await axeViolations(staff)).toEqual([]);

    await staff.getByRole('button', { name: 'Start processing' }).click();
    await visible(toast(staff, 'Order Updated'));
    await staff.getByLabel('Carrier (optional)').fill('UPS');
    await staff.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
    await staff.getByRole('button', { name: 'Mark shipped' }).click();
    await visible(staff.getByText('Shipped with UPS, tracking number 1Z999AA10123456784'));
    const timeline = staff.getByRole('list', { name: 'Timeline' });
    await visible(timeline.getByText('Processing → Shipped (UPS 1Z999AA10123456784)'));
    await visible(timeline.getByText('Shipping notice emailed to ada.buyer@example.com'));

    await client.goto(`${server.url}/portal`);
    await visible(client.getByRole('link', { name: `Order ${order.number}` }));
    await visible(client.getByText('Tracking: UPS 1Z999AA10123456784'));
    await client.goto(`${server.url}/order-confirmation?order=${order.id}`);
    await visible(client.getByText('Tracking number: 1Z999AA10123456784', { exact: false }));
    await visible(client.getByRole('heading', { name: `Order ${order.number}` }));
  });

  it('staff cancel a paid order only after confirming it, and the client is emailed', async () => {
    const buyer = await buildUser(server.db, { email: 'cancel.buyer@example.com' });
    const product = await buildProduct(server.db, { name: 'Console Cancel Router', price: '80.00' });
    const client = await browser.newPage();
    const order = await clientPaysThroughApi(client, server.url, buyer, [{ id: product.id, quantity: 1 }]);

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    await staff.goto(`${server.url}/admin/orders/${order.id}`);
    await visible(staff.getByRole('heading', { name: `Order ${order.number}`, level: 1 }));
    await hydrated(staff.getByRole('button', { name: 'Cancel order' }));
    await staff.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = staff.getByRole('group', { name: 'Cancel order' });
    await visible(confirm.getByText('the payment is not refunded by this step', { exact: false }));
    expect(await axeViolations(staff)).toEqual([]);
    await confirm.getByRole('button', { name: 'Keep the order' }).click();
    await visible(staff.getByRole('button', { name: 'Start processing' }));
    expect((await server.db('orders').where({ id: order.id }).first()).status).toBe('paid');

    await staff.getByRole('button', { name: 'Cancel order' }).click();
    await staff.getByRole('button', { name: 'Confirm cancellation' }).click();
    await visible(toast(staff, 'Order Updated'));
    const timeline = staff.getByRole('list', { name: 'Timeline' });
    await visible(timeline.getByText('Paid → Cancelled'));
    await visible(timeline.getByText('Cancellation notice emailed to cancel.buyer@example.com'));
    expect((await server.db('orders').where({ id: order.id }).first()).status).toBe('cancelled');
    // The Refunds panel still offers the money back.
    await visible(staff.getByRole('button', { name: 'Refund…' }));
  });

  it('a pending order offers Pay now and Cancel to its owner', async () => {
    const buyer = await buildUser(server.db);
    const product = await buildProduct(server.db, { price: '75.00' });
    const page = await browser.newPage();
    await page.request.post(`${server.url}/api/login`, {
      data: { username: buyer.username, password: buyer.password },
      headers: { Origin: server.url },
    });
    const make = async () => {
      const res = await page.request.post(`${server.url}/api/create-payment-intent`, {
        data: { items: [{ id: product.id, quantity: 1 }], shipping: validShipping },
        headers: { Origin: server.url },
      });
      return ((await res.json()) as { order: { id: string; number: string } }).order;
    };
    const toPay = await make();
    const toCancel = await make();
    await page.goto(`${server.url}/order-confirmation?order=${toCancel.id}`);
    await visible(page.getByText('Awaiting payment'));
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    await visible(page.getByText('This order was cancelled'));

    await page.goto(`${server.url}/order-confirmation?order=${toPay.id}`);
    await visible(page.getByText('Awaiting payment'));
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await visible(page.getByText('Payment received'));
    expect((await server.db('orders').where({ id: toPay.id }).first()).status).toBe('paid');
    expect((await server.db('orders').where({ id: toCancel.id }).first()).status).toBe('cancelled');
  });

  it('clients never see the console: /admin is the seeding card alone, other console paths say "Staff only"', async () => {
    const page = await browser.newPage();
    await loggedInAs(page, server);
    await page.goto(`${server.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Database Administration', level: 1 }));
    expect(await consoleNav(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Database Administration — Northstar IT Console');
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
