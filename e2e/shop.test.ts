import { describe, expect, it } from 'vitest';
import { seedProducts } from '../api/src/modules/catalog/catalog.service';
import { roomyRateLimits } from '../api/src/test/config';
import { buildUser } from '../api/src/test/factories';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { addToCart, expectPath, hydrated, productCard, toast, visible } from './support/ui';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
// The demo payment provider (no Stripe keys, not production).
const server = useSiteServer({ adminToken: ADMIN_TOKEN, rateLimits: roomyRateLimits });
const browser = useBrowser();

const AP = 'Ubiquiti UniFi U7 Pro Wi-Fi 7 Access Point'; // $189.00
const AP25 = 'Aruba Instant On AP25 Wi-Fi 6 Access Point'; // $279.00
const OUT_OF_STOCK = 'Juniper EX2300-C 12-Port Compact Switch';

type Page = Awaited<ReturnType<typeof browser.newPage>>;

/** /shop shows its first 12 products; the access points used here come after them. */
async function showAllProducts(page: Page) {
  await page.getByRole('button', { name: /^Show all \d+ products$/ }).click();
}

/** Logs in through the form and waits for the API's answer, so a refused login fails here, with its status. */
async function logIn(page: Page, username: string, password: string) {
  const submit = await hydrated(page.getByRole('button', { name: 'Log In' }));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login' && r.request().method() === 'POST', {
      timeout: 30_000,
    }),
    submit.click(),
  ]);
  expect(response.status()).toBe(200);
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

describe('shop, cart and checkout (demo provider)', () => {
  it('seeds, shops, keeps the cart, logs in, validates shipping, survives a decline and pays', async () => {
    const buyer = await buildUser(server.db, { firstName: 'Ada' });
    const page = await browser.newPage({ bypassCSP: true });

    // Seeding from /admin.
    await page.goto(`${server.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Database Administration', level: 1 }));
    await page.getByRole('button', { name: 'Seed Production Database' }).click();
    await visible(page.getByText('Please enter the admin token'));
    await page.getByLabel('Admin token').fill('not-the-token');
    await page.getByRole('button', { name: 'Seed Production Database' }).click();
    await visible(page.getByRole('alert').getByText('Invalid or missing admin token'));
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Seed Production Database' }).click();
    const seeded = page.getByRole('status').filter({ hasText: 'Success' });
    await visible(seeded.getByText(/Products inserted: \d+/));
    expect(Number(/\d+/.exec((await seeded.textContent()) ?? '')?.[0])).toBeGreaterThanOrEqual(24);

    // The shop: stars, N/A, out-of-stock button disabled, Create Account for visitors.
    await page.goto(`${server.url}/shop`);
    await visible(page.getByRole('heading', { name: 'Technology Procurement', level: 1 }));
    const unavailable = productCard(page, OUT_OF_STOCK);
    await visible(unavailable.getByText('Out of Stock'));
    await visible(unavailable.getByText('N/A'));
    expect(await unavailable.getByRole('button', { name: /Add to Cart/ }).isDisabled()).toBe(true);
    await showAllProducts(page);
    await visible(productCard(page, AP).getByText('$189.00'));
    await visible(productCard(page, AP).getByRole('img', { name: 'Rated 4.6 out of 5' }));
    await visible(page.getByRole('button', { name: 'Create Account' }));
    expect(await page.getByRole('button', { name: 'Cart (0)' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await addToCart(page, AP);
    await visible(toast(page, 'Added to Cart'));
    await addToCart(page, AP);
    await addToCart(page, AP25);
    await visible(page.getByRole('button', { name: 'Cart (3)' }));

    // The cart survives a reload.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Cart (3)' }));

    // Logged out: a "Log in to check out" step with the cart beside it (no error), then back to the cart.
    await page.getByRole('button', { name: 'Cart (3)' }).click();
    await expectPath(page, '/checkout');
    await visible(page.getByRole('heading', { name: 'Log in to check out' }));
    await visible(page.getByRole('complementary', { name: 'Order summary' }).getByText(AP25));
    expect(await toast(page, 'Login Required').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Log In', exact: true }).click();
    await expectPath(page, '/login?next=%2Fcheckout');
    await logIn(page, buyer.username, buyer.password);
    await expectPath(page, '/checkout');

    // Shipping validation, with the spec's messages.
    await visible(page.getByRole('heading', { name: 'Shipping Information' }));
    expect(await page.getByLabel('Country').inputValue()).toBe('United States');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    for (const message of ['Full name is required', 'Address is required', 'City is required', 'State is required']) {
      await visible(page.getByText(message));
    }
    await visible(page.getByText('Valid ZIP code is required'));
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Address').fill('800 Washington Avenue North');
    await page.getByLabel('City').fill('Minneapolis');
    await page.getByLabel('State').fill('MN');
    await page.getByLabel('ZIP Code').fill('5540');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await visible(page.getByText('Valid ZIP code is required'));
    await page.getByLabel('ZIP Code').fill('55401');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // Payment: the server's totals — 2 × $189 + $279 = $657.00, tax $55.85, total $712.85.
    await visible(page.getByText('Demo payment — no real charge'));
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await visible(summary.getByText('State Tax (8.5%)'));
    await visible(summary.getByText('$657.00'));
    await visible(summary.getByText('$55.85'));
    await visible(summary.getByText('$712.85'));
    expect(await axeViolations(page)).toEqual([]);

    await payWithCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await visible(toast(page, 'Payment Failed'));
    // Said at the form too, where the buyer is looking.
    await visible(page.getByRole('alert').filter({ hasText: 'Payment not completed: Your card was declined.' }));

    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await visible(toast(page, 'Payment Successful'));
    // The order's confirmation page (the spec's return URL), then the portal lists it.
    const [order] = await server.db('orders').where({ userId: buyer.user.id });
    expect(order).toMatchObject({ status: 'paid', totalAmount: '712.85' });
    await expectPath(page, `/order-confirmation?order=${order.id}`);
    await visible(page.getByText('Payment received'));
    await visible(page.getByText('Ada Lovelace'));
    // One name per order: the readable number people say on the phone, and no second reference beside it.
    await visible(page.getByText(`Order NS-${order.number}`));
    expect(await page.getByText(order.id.slice(0, 8)).count()).toBe(0);

    await page.getByRole('link', { name: 'Go to Client Portal' }).click();
    await expectPath(page, '/portal');
    const orders = page.getByRole('heading', { name: 'Recent Orders' }).locator('xpath=../../..');
    await visible(orders.getByRole('link', { name: `Order NS-${order.number}` }));
    await visible(orders.getByText('Paid', { exact: true }));
    await visible(orders.getByText('$712.85'));

    // The cart was emptied by the successful payment.
    await page.goto(`${server.url}/shop`);
    await visible(page.getByRole('button', { name: 'Cart (0)' }));
  });

  it('books the paid consultation: login first, Cancel returns to idle, payment creates one service request', async () => {
    const client = await buildUser(server.db, { firstName: 'Grace' });
    const page = await browser.newPage();
    await page.goto(`${server.url}/services`);
    // What it is about is asked before anything else (issue 29): nothing is sent without it.
    await (await hydrated(page.getByRole('button', { name: 'Book Consultation' }))).click();
    await visible(page.getByText('Tell us what the consultation is about'));
    expect(await toast(page, 'Login Required').count()).toBe(0);
    await page.getByLabel('What would you like to discuss?').fill('Segmenting the guest Wi-Fi');
    await page.getByRole('button', { name: 'Book Consultation' }).click();
    await visible(toast(page, 'Login Required'));
    await page.waitForURL(/\/login\?next=/);
    await expectPath(page, '/login?next=%2Fservices');
    await logIn(page, client.username, client.password);
    await expectPath(page, '/services');

    await page.getByLabel('What would you like to discuss?').fill('Segmenting the guest Wi-Fi from the tills');
    await page.getByLabel('Preferred times (optional)').fill('Weekday mornings, Central Time');
    await page.getByRole('button', { name: 'Book Consultation' }).click();
    await visible(page.getByText('Demo payment — no real charge'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visible(page.getByRole('button', { name: 'Book Consultation' }));
    expect(await page.getByText('Demo payment — no real charge').count()).toBe(0);

    await page.getByRole('button', { name: 'Book Consultation' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $199.00' }).click();
    await visible(toast(page, 'Payment Successful'));
    await visible(page.getByText('Your consultation is booked.', { exact: false }));
    await expectPath(page, '/portal');
    const requests = page.getByRole('heading', { name: 'Service Requests' }).locator('xpath=../../..');
    await visible(requests.getByText('Technical Consultation - 1 Hour'));
    await visible(requests.getByText('Pending'));
    const tickets = await server.db('tickets').where({ userId: client.user.id });
    expect(tickets).toHaveLength(1);
    // What the client answered is kept with the payment that became the ticket (staff read it there).
    const [booking] = await server.db('consultation_bookings').where({ paymentId: tickets[0].providerPaymentId });
    expect(booking).toMatchObject({
      topic: 'Segmenting the guest Wi-Fi from the tills',
      preferredTimes: 'Weekday mornings, Central Time',
    });
  });

  it('checks a kept cart against the catalogue: prices refreshed, discontinued items flagged until removed', async () => {
    await seedProducts(server.db); // idempotent: this test also runs on its own
    const buyer = await buildUser(server.db);
    const [ap] = await server.db('products').where({ name: AP });
    const page = await browser.newPage();
    await page.goto(`${server.url}/login?next=%2Fcheckout`);
    // A cart saved days ago: an old price, and a product the shop no longer sells.
    await page.evaluate(
      ([id]) =>
        localStorage.setItem(
          'northstar.cart.v1',
          JSON.stringify([
            {
              id,
              name: 'Old name',
              price: '1.00',
              quantity: 2,
              category: 'Wireless',
              imageUrl: null,
              unavailable: null,
            },
            {
              id: '00000000-0000-4000-8000-000000000000',
              name: 'Discontinued router',
              price: '99.00',
              quantity: 1,
              category: 'Networking',
              imageUrl: null,
              unavailable: null,
            },
          ]),
        ),
      [ap.id],
    );
    // Storage written by this tab is read when a page loads (other tabs get a storage event).
    await page.reload();
    await logIn(page, buyer.username, buyer.password);
    await expectPath(page, '/checkout');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await visible(summary.getByText(AP));
    await visible(summary.getByText('$378.00'));
    await visible(summary.getByText('No longer sold — please remove it'));
    await visible(page.getByText('Some items in your cart can no longer be ordered.'));
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).isDisabled()).toBe(true);

    await summary.getByRole('button', { name: 'Remove Discontinued router' }).click();
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).isDisabled()).toBe(false);
    await summary.getByRole('button', { name: 'Decrease quantity' }).click();
    await visible(summary.getByText('$189.00 each'));
    await summary.getByRole('button', { name: 'Decrease quantity' }).click();
    // Quantity 0 removes the line; an empty cart goes back to the shop.
    await expectPath(page, '/shop');
  });
});
