import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '../api/src/test/commerce-factories';
import { roomyRateLimits } from '../api/src/test/config';
import { loggedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useSiteServer } from './support/server';
import { expectPath, productCard, toast, visible } from './support/ui';

const server = useSiteServer({ rateLimits: roomyRateLimits });
const browser = useBrowser();

type Page = Awaited<ReturnType<typeof browser.newPage>>;

/** A shopper in a fresh browser profile opens /shop: the page as the server renders it now, and the page. */
async function freshShop(): Promise<{ html: string; page: Page }> {
  const page = await browser.newPage();
  const res = await page.goto(`${server.url}/shop`);
  expect(res?.status()).toBe(200);
  await visible(page.getByRole('heading', { level: 1 }));
  return { html: await res!.text(), page };
}

/** The focused element is the one the locator finds. */
const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);

describe('the console Catalogue', () => {
  it('staff change a price and take a product out of stock: the shop shows it at once, and other consoles live', async () => {
    const product = await buildProduct(server.db, { name: 'Catalogue Test Router', price: '300.00' });
    // The shop has been rendered (and cached) with the old price.
    const before = await freshShop();
    expect(before.html).toContain('Catalogue Test Router');
    await visible(productCard(before.page, 'Catalogue Test Router').getByText('$300.00'));

    // Another staff member watches the list.
    const watcher = await browser.newPage();
    await loggedInAs(watcher, server, { accountType: 'staff' });
    await watcher.goto(`${server.url}/admin/catalogue?q=Catalogue%20Test`);
    const watchedRow = watcher.getByRole('row').filter({ hasText: 'Catalogue Test Router' });
    await visible(watchedRow.getByText('$300.00'));

    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff', firstName: 'Grace' });
    await staff.goto(`${server.url}/admin`);
    await staff.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Catalogue' }).click();
    await expectPath(staff, '/admin/catalogue');
    await staff.getByLabel('Search', { exact: true }).fill('test router');
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    await expectPath(staff, '/admin/catalogue?q=test+router');
    await staff.getByRole('link', { name: 'Catalogue Test Router' }).click();
    await expectPath(staff, `/admin/catalogue/${product.id}`);
    await visible(staff.getByRole('heading', { name: 'Catalogue Test Router', level: 1 }));
    expect(await axeViolations(staff)).toEqual([]);

    // A bad price: the message next to the field, the focus on it, nothing saved.
    await staff.getByLabel('Price (USD)').fill('12.345');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await visible(staff.getByText('Price must be an amount in dollars, e.g. "129.00"'));
    await expect.poll(() => isFocused(staff, 'Price (USD)')).toBe(true);
    expect((await server.db('products').where({ id: product.id }).first()).price).toBe('300.00');

    await staff.getByLabel('Price (USD)').fill('275.50');
    await staff.getByLabel('In stock').uncheck();
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await visible(toast(staff, 'Product Saved'));
    expect(await server.db('products').where({ id: product.id }).first()).toMatchObject({
      price: '275.50',
      inStock: false,
    });

    // The other console's list follows without reloading.
    await visible(watchedRow.getByText('$275.50'));
    await visible(watchedRow.getByText('Out of stock'));

    // A new shopper gets the shop rendered by the server with the new price and stock.
    const after = await freshShop();
    expect(after.html).toContain('$275.50');
    expect(after.html).not.toContain('$300.00');
    const card = productCard(after.page, 'Catalogue Test Router');
    await visible(card.getByText('$275.50'));
    await visible(card.getByText('Out of Stock'));
    expect(await card.getByRole('button', { name: /Add to Cart/ }).isDisabled()).toBe(true);
  });

  it('staff create a product with an image (a wrong file refused first): in the shop with it; archived: gone', async () => {
    const staff = await browser.newPage();
    await loggedInAs(staff, server, { accountType: 'staff' });
    await staff.goto(`${server.url}/admin/catalogue`);
    await staff.getByRole('link', { name: 'New product' }).click();
    await expectPath(staff, '/admin/catalogue/new');
    await visible(staff.getByRole('heading', { name: 'New product', level: 1 }));

    // Nothing filled in: every message by its field, the focus on the first.
    await staff.getByRole('button', { name: 'Create product' }).click();
    await visible(staff.getByText('Name is required'));
    await visible(staff.getByText('Category is required'));
    await expect.poll(() => isFocused(staff, 'Name')).toBe(true);

    await staff.getByLabel('Name').fill('Catalogue Test Access Point');
    await staff.getByLabel('Category').fill('Wireless');
    await staff.getByLabel('Description').fill('A ceiling-mounted Wi-Fi 7 access point.');
    await staff.getByLabel('Price (USD)').fill('189.00');

    const file = staff.getByLabel('Image');
    await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await visible(staff.getByText('Choose a PNG, JPEG or WebP image.'));
    await file.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await visible(staff.getByText('The image must be at most 5 MB.'));
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    await file.setInputFiles({ name: 'access-point.png', mimeType: 'image/png', buffer: png });
    const preview = await visible(staff.getByRole('img', { name: 'Preview of the chosen image' }));
    expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
    expect(await axeViolations(staff)).toEqual([]);

    await staff.getByRole('button', { name: 'Create product' }).click();
    await visible(toast(staff, 'Product Created'));
    await expectPath(staff, /^\/admin\/catalogue\/[0-9a-f-]{36}$/);
    const created = await server.db('products').where({ name: 'Catalogue Test Access Point' }).first();
    expect(created).toMatchObject({ category: 'Wireless', price: '189.00', inStock: true });
    expect(created.imageUrl).toMatch(/^\/api\/product-images\/[0-9a-f]{64}\.webp$/);
    const saved = await visible(staff.getByRole('img', { name: 'The product’s image' }));
    expect(await saved.getAttribute('src')).toBe(created.imageUrl);

    // The shop shows it with its picture (re-encoded to WebP, served by the API).
    const shop = await freshShop();
    expect(shop.html).toContain(created.imageUrl);
    const image = productCard(shop.page, 'Catalogue Test Access Point').locator('img');
    expect(await image.getAttribute('src')).toBe(created.imageUrl);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const served = await shop.page.request.get(`${server.url}${created.imageUrl}`);
    expect(served.headers()['content-type']).toBe('image/webp');

    // A new image chosen for a saved product: leaving asks first (it was lost without a word), and it is saved from
    // its own card (issue 29).
    const newer = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    await staff.getByLabel('Image').setInputFiles({ name: 'newer.png', mimeType: 'image/png', buffer: newer });
    await visible(staff.getByRole('img', { name: 'Preview of the chosen image' }));
    const asked: string[] = [];
    staff.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await staff.getByRole('link', { name: 'Catalogue', exact: true }).first().click();
    await expect.poll(() => asked).toEqual(['The image you chose is not saved yet. Leave this page and lose it?']);
    await expectPath(staff, `/admin/catalogue/${created.id}`);
    await staff.getByRole('button', { name: 'Save image' }).click();
    await visible(toast(staff, 'Image Saved'));
    await expect
      .poll(async () => (await server.db('products').where({ id: created.id }).first()).imageUrl)
      .not.toBe(created.imageUrl);
    expect(await staff.getByRole('button', { name: 'Save image' }).count()).toBe(0);

    // Archived: gone from the shop and from the list unless asked for; restorable.
    await staff.getByRole('button', { name: 'Archive product' }).click();
    await visible(toast(staff, 'Product Archived'));
    await visible(staff.getByRole('button', { name: 'Restore to the shop' }));
    const gone = await freshShop();
    expect(gone.html).not.toContain('Catalogue Test Access Point');
    expect(await productCard(gone.page, 'Catalogue Test Access Point').count()).toBe(0);

    await staff.getByRole('link', { name: 'Catalogue', exact: true }).first().click();
    await expectPath(staff, '/admin/catalogue');
    await visible(staff.getByRole('link', { name: 'New product' }));
    expect(await staff.getByRole('link', { name: 'Catalogue Test Access Point' }).count()).toBe(0);
    await staff.getByLabel('Show archived').check();
    await expectPath(staff, '/admin/catalogue?archived=1');
    const row = staff.getByRole('row').filter({ hasText: 'Catalogue Test Access Point' });
    await visible(row.getByText('Archived'));
    await staff.getByLabel('Category').selectOption('Wireless');
    await expectPath(staff, '/admin/catalogue?archived=1&category=Wireless');
    // The header row and the one archived Wireless product (filtered in the browser as the select changes).
    await expect.poll(() => staff.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    expect(await axeViolations(staff)).toEqual([]);
  });
});
