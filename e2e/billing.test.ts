import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { overlappingText, pdfText, pdfTextBoxes } from '../api/src/test/pdf-text';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { clientPaysThroughApi } from './support/orders';
import { useSiteServer } from './support/server';
import { expectPath, hydrated, toast, visible } from './support/ui';

// The demo payment provider (no Stripe keys): payments and refunds settle at once.
const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

/** Clicks a PDF link and reads the downloaded file's text, checking that no text is printed over other text. */
async function downloadPdf(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const pdf = await readFile((await download.path())!);
  expect(overlappingText(await pdfTextBoxes(pdf))).toEqual([]);
  return { filename: download.suggestedFilename(), ...(await pdfText(pdf)) };
}

/** The page is no wider than its window: nothing makes a phone scroll sideways. */
async function fitsTheWindow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('Billing in the portal', () => {
  it('the client pays the consultation with the demo card, opens Billing and downloads its invoice', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const client = await loggedInAs(page, server, { firstName: 'Grace', email: 'grace.billing@example.com' });
    await page.goto(`${server.url}/services`);
    await (await hydrated(page.getByLabel('What would you like to discuss?'))).fill('A second opinion on our firewall');
    await page.getByRole('button', { name: 'Book Consultation' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $199.00' }).click();
    await visible(toast(page, 'Payment Successful'));
    await expectPath(page, '/portal');

    const [invoice] = await server.db('invoices').where({ userId: client.user.id });
    expect(invoice).toMatchObject({ source: 'consultation', total: '199.00' });
    await visible(page.getByRole('heading', { name: 'Billing' }));
    await visible(page.getByRole('cell', { name: invoice.number }));
    await page.getByRole('link', { name: 'Open Billing' }).click();
    await expectPath(page, '/portal/billing');
    await visible(page.getByRole('heading', { name: 'Billing', level: 1 }));
    const row = page.getByRole('row').filter({ hasText: invoice.number });
    await visible(row.getByText('Technical Consultation - 1 Hour'));
    await visible(row.getByText('$199.00'));
    await visible(row.getByText('Paid', { exact: true }));
    const file = await downloadPdf(page, row.getByRole('link', { name: `PDF of Invoice ${invoice.number}` }));
    expect(file.filename).toBe(`invoice-${invoice.number}.pdf`);
    expect(file.text).toContain(`Invoice number: ${invoice.number}`);
    expect(file.text).toMatch(/Total \(USD\) \$199\.00/);
    expect(await axeViolations(page)).toEqual([]);

    // On a phone: each document is a block of its own, with its PDF, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const item = page.getByRole('list', { name: 'Invoices and credit notes' }).getByRole('listitem').first();
    await visible(item.getByText(invoice.number));
    await visible(item.getByRole('link', { name: `PDF of Invoice ${invoice.number}` }));
    await fitsTheWindow(page);
  });

  it('staff refund an order in the console; the client’s Billing shows the credit note, and staff see both', async () => {
    const product = await buildProduct(server.db, { name: 'Billing Test Router', price: '200.00' });
    const client = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const buyer = await loggedInAs(client, server, { firstName: 'Lin', email: 'lin.billing@example.com' });
    const order = await clientPaysThroughApi(client, server.url, buyer, [{ id: product.id, quantity: 1 }]);

    const staff = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Grace' });
    await staff.goto(`${server.url}/admin/orders/${order.id}`);
    const panel = staff.getByRole('region', { name: 'Order actions' });
    await (await hydrated(panel.getByLabel('Amount to refund (USD)'))).fill('50.00');
    await panel.getByRole('button', { name: 'Refund…' }).click();
    await panel.getByRole('button', { name: 'Confirm refund' }).click();
    await visible(toast(staff, 'Refund Sent'));

    const [note] = await server.db('credit_notes').where({ userId: buyer.user.id });
    expect(note.number).toMatch(/^CN-\d{4}-\d{4}$/);
    const [invoice] = await server.db('invoices').where({ orderId: order.id });

    await client.goto(`${server.url}/portal/billing`);
    const noteRow = client.getByRole('row').filter({ hasText: note.number });
    await visible(noteRow.getByText(`Refund: Order ${order.number} (invoice ${invoice.number})`));
    await visible(noteRow.getByText('−$50.00'));
    const invoiceRow = client
      .getByRole('row')
      .filter({ hasText: invoice.number })
      .filter({ hasText: 'Partly refunded' });
    await visible(invoiceRow);
    const file = await downloadPdf(client, noteRow.getByRole('link', { name: `PDF of Credit note ${note.number}` }));
    expect(file.filename).toBe(`credit-note-${note.number}.pdf`);
    expect(file.text).toContain(`Credits invoice: ${invoice.number}`);
    expect(file.text).toMatch(/Total credited \(USD\) \$50\.00/);

    // Staff: the customer's page lists the same documents, each downloadable.
    await staff.goto(`${server.url}/admin/customers/${buyer.user.id}`);
    await visible(staff.getByRole('heading', { name: 'Billing' }));
    const staffRow = staff.getByRole('row').filter({ hasText: note.number });
    await visible(staffRow);
    const staffFile = await downloadPdf(
      staff,
      staffRow.getByRole('link', { name: `PDF of Credit note ${note.number}` }),
    );
    expect(staffFile.text).toContain(`Credit note number: ${note.number}`);
    expect(await axeViolations(staff)).toEqual([]);
  });
});
