import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSmtp } from '../api/src/test/mail';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { catalogCacheFor } from '../api/src/modules/catalog/catalog-cache';
import { seedProducts } from '../api/src/modules/catalog/catalog.service';
import { loggedInAs, logInWithForm } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { addToCart, expectPath, hydrated, toast, visible } from './support/ui';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(() => sink.stop());

const server = useSiteServer(() => withSmtp(sink.url));
const browser = useBrowser();

const AP = 'Ubiquiti UniFi U7 Pro Wi-Fi 7 Access Point'; // $189.00, taxable
const CLIENT = { name: 'Dana Quinn', email: 'dana.quinn@example.com', company: 'Quinn Dental' };

const QUOTE_LINK = /(http:\/\/\S+\/quotes\/[A-Za-z0-9_-]+)/;

/**
 * The quote link mailed to `email`. The client also gets the quote request's acknowledgement, which may arrive
 * first or last: wait for the mail that carries the link, not for the newest one.
 */
async function quoteLinkMailedTo(email: string): Promise<string> {
  const linkIn = () =>
    sink
      .to(email)
      .map((mail) => QUOTE_LINK.exec(mail.parsed.text ?? '')?.[1])
      .find((link) => link !== undefined);
  await expect.poll(linkIn, { timeout: 15_000 }).toBeDefined();
  return linkIn()!;
}

describe('quotes in the browser', () => {
  it('a quote request from the cart becomes a quote with all three kinds of lines; the client signs in, accepts it from the mailed link with the delivery address and pays the deposit; the order, plan and project appear in the console and the portal', async () => {
    await seedProducts(server.db);
    catalogCacheFor(server.db).invalidate();

    // A business buyer asks for a quote from the cart instead of paying by card.
    const buyer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await buyer.goto(`${server.url}/shop`);
    await (await hydrated(buyer.getByRole('button', { name: /^Show all \d+ products$/ }))).click();
    await addToCart(buyer, AP);
    const headerCart = buyer.getByRole('button', { name: /^Open cart/ });
    await expect.poll(() => headerCart.getAttribute('aria-label')).toBe('Open cart, 1 item');
    await headerCart.click();
    const drawer = buyer.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Request a quote instead' }).click();
    await drawer.getByRole('button', { name: 'Send Quote Request' }).click();
    await visible(drawer.getByText('Name is required'));
    await drawer.getByLabel('Name').fill(CLIENT.name);
    await drawer.getByLabel('Email').fill(CLIENT.email);
    await drawer.getByLabel('Company').fill(CLIENT.company);
    await drawer.getByLabel('Message').fill('Twenty access points for three clinics, please.');
    expect(await axeViolations(buyer)).toEqual([]);
    await drawer.getByRole('button', { name: 'Send Quote Request' }).click();
    await visible(drawer.getByText('Thank you, we have your request.'));

    // Staff find it among the enquiries and make a quote of it.
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Grace' });
    await staff.goto(`${server.url}/admin/enquiries`);
    await staff
      .getByRole('list', { name: 'Enquiries' })
      .getByRole('button', { name: new RegExp(CLIENT.name) })
      .click();
    await staff.getByRole('link', { name: 'Make a Quote' }).click();
    await expectPath(staff, /^\/admin\/quotes\/new\?enquiryId=/);
    await visible(staff.getByRole('heading', { name: 'New Quote', level: 1 }));
    await visible(staff.getByText('Made from an enquiry.', { exact: false }));
    expect(await staff.getByLabel('Customer name').inputValue()).toBe(CLIENT.name);
    expect(await staff.getByLabel('Customer email').inputValue()).toBe(CLIENT.email);

    await staff.getByLabel('Title').fill('Clinic Wi-Fi refresh');
    await staff.getByLabel('Add a product from the catalogue').fill('U7 Pro');
    await staff.getByRole('button', { name: `Add ${AP}` }).click();
    const lines = staff.getByRole('list', { name: 'Quote lines' });
    await lines.getByRole('listitem', { name: 'Line 1' }).getByLabel('Quantity').fill('2');
    await staff.getByRole('button', { name: 'Add a monthly line' }).click();
    await staff.getByRole('button', { name: 'Add a service line' }).click();
    // Left empty, the service line's description is refused at the line itself (the shared schema's message).
    await staff.getByRole('button', { name: 'Create Draft' }).click();
    await visible(lines.getByText('Description is required'));

    const monthly = lines.getByRole('listitem', { name: 'Line 2' });
    await monthly.getByLabel('Description').fill('Managed Wi-Fi, per clinic');
    await monthly.getByLabel('Quantity').fill('3');
    await monthly.getByLabel('Per month ($)').fill('49.00');
    const service = lines.getByRole('listitem', { name: 'Line 3' });
    await service.getByLabel('Description').fill('Installation (hours)');
    await service.getByLabel('Quantity').fill('6');
    await service.getByLabel('Unit price ($)').fill('95.00');
    // The service goes before the monthly line.
    await service.getByRole('button', { name: 'Move Line 3 up' }).click();
    await visible(lines.getByRole('listitem', { name: 'Line 2' }).getByText('Service (one-time)'));

    await staff.getByLabel('Deposit (% of the one-time total)').fill('50');
    // Live totals: 2 × 189.00 + 6 × 95.00 = 948.00; tax 8.5 % of 378.00 = 32.13; 980.13; monthly 3 × 49.00;
    // deposit 50 % of 980.13 = 490.07 (half-up).
    const totals = staff.getByRole('definition').filter({ hasText: '$980.13' });
    await visible(totals);
    await visible(staff.getByText('$147.00/mo'));
    await staff.getByRole('button', { name: 'Preview' }).click();
    const preview = staff.getByRole('region', { name: 'Preview as the client sees it' });
    await visible(preview.getByRole('table', { name: 'One-time' }).getByText(AP));
    await visible(preview.getByRole('table', { name: 'Monthly services' }).getByText('Managed Wi-Fi, per clinic'));
    expect(await axeViolations(staff)).toEqual([]);

    await staff.getByRole('button', { name: 'Create Draft' }).click();
    await expectPath(staff, /^\/admin\/quotes\/[0-9a-f-]{36}$/);
    await visible(staff.getByText('Draft', { exact: true }));
    // The server's totals, as the builder showed them.
    await visible(staff.getByText('$980.13'));
    await staff.getByRole('button', { name: 'Send to Client' }).click();
    await visible(staff.getByText('Sent to the client'));
    // Withdrawing asks first; answering no sends nothing.
    const actions: string[] = [];
    staff.on('request', (request) => {
      if (/\/api\/admin\/quotes\/[^/]+\/(withdraw|revise)$/.test(new URL(request.url()).pathname)) {
        actions.push(request.url());
      }
    });
    const asked: string[] = [];
    staff.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await staff.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => asked).toEqual(['Withdraw this quote? The client can no longer accept it.']);
    expect(actions).toEqual([]);
    await visible(staff.getByRole('button', { name: 'Withdraw' }));
    // The PDF is a relative API link, as the invoices' are: the desktop console fetches such links with its bearer
    // session (desktop/src/renderer/hooks/use-api-downloads.ts); here the browser's cookie opens it.
    const pdfHref = await staff.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    expect(pdfHref).toMatch(/^\/api\/admin\/quotes\/[0-9a-f-]{36}\/pdf$/);
    const pdf = await staff.request.get(`${server.url}${pdfHref}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // The client has an account with the address the quote went to, not verified yet: the quote's products and
    // monthly services will be kept there once the client signs in (decision 201).
    const portal = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const account = await loggedInAs(portal, server, { email: CLIENT.email, firstName: 'Dana' });

    // The client opens the link from the mail, on a phone, signs in and accepts.
    const link = await quoteLinkMailedTo(CLIENT.email);
    expect(new URL(link).origin).toBe(server.url);
    const client = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await client.goto(link);
    await visible(client.getByRole('heading', { name: 'Clinic Wi-Fi refresh' }));
    await visible(client.getByText('$980.13'));
    await visible(client.getByRole('link', { name: 'Download PDF' }));
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(client)).toEqual([]);
    // Signed out and with no verified account for the address: sign in (or sign up) first, then come back.
    await visible(client.getByText('Sign in to accept this quote.', { exact: false }));
    expect(await client.getByRole('button', { name: 'Accept Quote' }).count()).toBe(0);
    await client.getByRole('link', { name: 'Sign In to Accept' }).click();
    await expectPath(client, /^\/login\?next=/);
    await logInWithForm(client, account);
    await expectPath(client, new URL(link).pathname);
    await client.getByRole('button', { name: 'Accept Quote' }).click();
    await visible(client.getByText('Type your full name to sign'));
    await visible(client.getByText('Tick "I agree to the terms" to accept'));
    // The products need a delivery address: checkout's fields and messages.
    await visible(client.getByText('Address is required'));
    await client.getByLabel('Full Name', { exact: true }).fill(CLIENT.name);
    await client.getByLabel('Address', { exact: true }).fill('12 Harbor Street');
    await client.getByLabel('City', { exact: true }).fill('Portland');
    await client.getByLabel('State', { exact: true }).fill('ME');
    await client.getByLabel('ZIP Code', { exact: true }).fill('04101');
    await client.getByLabel('Your full name').fill(CLIENT.name);
    await client.getByLabel('I agree to the terms').check();
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(client)).toEqual([]);
    await client.getByRole('button', { name: 'Accept Quote' }).click();
    await visible(client.getByText(`signed by ${CLIENT.name}`, { exact: false }));
    expect(await client.getByRole('button', { name: 'Accept Quote' }).count()).toBe(0);

    // Staff see the acceptance with the typed name on the quote's timeline.
    await staff.reload();
    await visible(staff.getByRole('list', { name: 'Timeline' }).getByText(CLIENT.name, { exact: false }));

    // The client's address is verified meanwhile (the project is theirs either way: they accepted signed in).
    await server.db('users').where({ id: account.user.id }).update({ emailVerifiedAt: new Date() });

    // Still on the phone, the client pays the deposit with the demo card.
    await visible(client.getByText('Pay the deposit below to start the work.', { exact: false }));
    await client.getByRole('button', { name: 'Pay the $490.07 deposit' }).click();
    await client.getByLabel('Card number').fill('4242 4242 4242 4242');
    await client.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await client.getByLabel('CVC').fill('123');
    await client.getByRole('button', { name: 'Pay $490.07' }).click();
    await visible(client.getByText('Deposit paid on', { exact: false }));
    expect(await client.getByRole('button', { name: 'Pay the $490.07 deposit' }).count()).toBe(0);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The receipt with the deposit's invoice reaches the client.
    await expect
      .poll(() => sink.to(CLIENT.email).some((mail) => /Deposit received/.test(mail.parsed.subject ?? '')), {
        timeout: 15_000,
      })
      .toBe(true);

    // Staff: the quote's timeline says paid and converted, and links to the project ticket, assigned to the sender.
    await staff.reload();
    const timeline = staff.getByRole('list', { name: 'Timeline' });
    await visible(timeline.getByText('Deposit paid'));
    await visible(timeline.getByText('Converted'));
    await visible(timeline.getByText('Order created'));
    await visible(timeline.getByText('Subscription started'));
    // The products became an order to fulfil, from the quote, with the deposit's share applied and the balance due:
    // 2 × 189.00 + 8.5 % tax = 410.13; half of it (the deposit is 50 %) = 205.07 paid (half-up), 205.06 due.
    const became = staff.getByRole('list', { name: 'What the quote became' });
    await visible(became.getByText('the client and their subscription'));
    await became.getByRole('link', { name: /^Order NS-\d+$/ }).click();
    await expectPath(staff, /^\/admin\/orders\/[0-9a-f-]{36}$/);
    await visible(staff.getByText('From quote', { exact: false }));
    await visible(staff.getByText('Deposit applied: $205.07'));
    await visible(staff.getByText('Balance due: $205.06'));
    await visible(staff.getByText('12 Harbor Street'));
    await staff.getByRole('link', { name: /^Q-\d{4}-\d{4}$/ }).click();
    await expectPath(staff, /^\/admin\/quotes\/[0-9a-f-]{36}$/);
    await staff.getByRole('link', { name: 'Open the project ticket' }).click();
    await expectPath(staff, /^\/admin\/service-requests\?id=/);
    await visible(staff.getByText('Project: Clinic Wi-Fi refresh').first());

    // The client's portal lists the quote and the project, and what else it became: the order, and the plan,
    // whose first month the client pays from there as for any plan.
    await portal.goto(`${server.url}/portal`);
    await visible(portal.getByText('Project: Clinic Wi-Fi refresh').first());
    await visible(portal.getByText('Clinic Wi-Fi refresh', { exact: true }).first());
    const quotesCard = portal.getByRole('list', { name: /^What Q-\d{4}-\d{4} became$/ });
    await visible(quotesCard.getByRole('link', { name: /^Order NS-\d+$/ }));
    await visible(quotesCard.getByRole('link', { name: 'Project ticket' }));
    await quotesCard.getByRole('link', { name: /^Pay the first month of Q-/ }).click();
    await expectPath(portal, /^\/subscribe\?plan=/);
    await visible(portal.getByText('$147.00 / month'));
    await portal.getByLabel('Card number').fill('4242 4242 4242 4242');
    await portal.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await portal.getByLabel('CVC').fill('123');
    await portal.getByRole('button', { name: 'Subscribe Now' }).click();
    await visible(toast(portal, 'Subscription Successful'));
    await expectPath(portal, '/portal');
    const subscriptionCard = portal.getByRole('heading', { name: 'Subscription', exact: true }).locator('xpath=../..');
    await visible(subscriptionCard.getByText('Clinic Wi-Fi refresh', { exact: false }));
    await visible(subscriptionCard.getByText('Active', { exact: true }));

    // A token that opens nothing says so.
    await client.goto(`${server.url}/quotes/this-token-opens-nothing-at-all`);
    await visible(client.getByRole('heading', { name: 'Quote not found' }));
  });
});
