import sharp from 'sharp';
import type { Response } from 'superagent';
import { describe, expect, it } from 'vitest';
import { buildProduct, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { clientWithPaidOrder, loggedInClient } from '../../test/order-factories';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp({ rateLimits: roomyRateLimits });

async function staffAgent() {
  const agent = t.agent();
  await logIn(agent, await buildUser(t.db, { accountType: 'staff' }));
  return agent;
}

function binary(res: Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

const newProduct = (name: string) => ({
  name,
  category: 'Networking',
  description: 'A 24-port managed switch.\nRack-mountable.',
  price: '249.00',
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

const shopNames = async () => ((await t.request().get('/api/products')).body as { name: string }[]).map((p) => p.name);

describe('who may change the catalogue', () => {
  it('anonymous → 401, clients → 403 on every call; nothing changes', async () => {
    const product = await buildProduct(t.db);
    const client = await loggedInClient(t);
    const image = await png(10, 10);
    const calls = [
      (a: ReturnType<typeof t.request>) => a.get('/api/admin/products'),
      (a: ReturnType<typeof t.request>) => a.get(`/api/admin/products/${product.id}`),
      (a: ReturnType<typeof t.request>) => a.post('/api/admin/products').send(newProduct('Nope')),
      (a: ReturnType<typeof t.request>) => a.patch(`/api/admin/products/${product.id}`).send({ price: '1.00' }),
      (a: ReturnType<typeof t.request>) =>
        a.post(`/api/admin/products/${product.id}/image`).set('Content-Type', 'image/png').send(image),
    ];
    for (const call of calls) {
      expect((await call(t.request())).status).toBe(401);
      const res = await call(client.agent as unknown as ReturnType<typeof t.request>);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Staff only' });
    }
    const after = await t.db('products').where({ id: product.id }).first();
    expect(after).toMatchObject({ price: product.price, imageUrl: null });
    expect(await t.db('products').where({ name: 'Nope' })).toEqual([]);
  });
});

describe('staff edit the catalogue', () => {
  it('create a product: it is in the shop at once', async () => {
    const staff = await staffAgent();
    const res = await staff.post('/api/admin/products').send(newProduct('Switch SX-24'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...newProduct('Switch SX-24'), inStock: true, archived: false, imageUrl: null });
    expect(await shopNames()).toContain('Switch SX-24');
    const list = await staff.get('/api/admin/products');
    expect(list.body.map((p: { name: string }) => p.name)).toContain('Switch SX-24');
  });

  it('edit price and stock: the shop and /api/products change at once', async () => {
    const staff = await staffAgent();
    const { body: created } = await staff.post('/api/admin/products').send(newProduct('Router RX-1'));
    await shopNames(); // the snapshot is cached now
    const res = await staff.patch(`/api/admin/products/${created.id}`).send({ price: '199.50', inStock: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: '199.50', inStock: false });
    const shop = (await t.request().get('/api/products')).body as { name: string; price: string; inStock: boolean }[];
    expect(shop.find((p) => p.name === 'Router RX-1')).toMatchObject({ price: '199.50', inStock: false });
  });

  it('archive: gone from the shop and refused at checkout, still on past orders; and back', async () => {
    const order = await clientWithPaidOrder(t, [{ price: '75.00', quantity: 1, name: 'Old Access Point' }]);
    const [line] = await t.db('order_items').where({ orderId: order.orderId });
    const staff = await staffAgent();
    const res = await staff.patch(`/api/admin/products/${line.productId}`).send({ archived: true });
    expect(res.body.archived).toBe(true);
    expect(await shopNames()).not.toContain('Old Access Point');
    const checkout = await order.agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: line.productId, quantity: 1 }], shipping: validShipping });
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toMatch(/no longer available/);
    const past = await order.agent.get(`/api/orders/${order.orderId}`);
    expect(past.body.items[0]).toMatchObject({ name: 'Old Access Point', price: '75.00' });
    expect((await staff.patch(`/api/admin/products/${line.productId}`).send({ archived: false })).body.archived).toBe(
      false,
    );
    expect(await shopNames()).toContain('Old Access Point');
  });

  it.each([
    [{ ...newProduct('A'), name: '' }, /^name: Name is required$/],
    [{ ...newProduct('A'), name: 'x'.repeat(201) }, /^name: Name must be at most 200 characters$/],
    [{ ...newProduct('A'), category: undefined }, /^category: Category is required$/],
    [{ ...newProduct('A'), description: '  ' }, /^description: Description is required$/],
    [{ ...newProduct('A'), price: 'free' }, /^price: Price must be an amount in dollars/],
    [{ ...newProduct('A'), price: 12 }, /^price: Price must be an amount in dollars as text/],
    [{ ...newProduct('A'), price: '0.00' }, /^price: Price must be more than \$0\.00$/],
    [{ ...newProduct('A'), price: '1000000.00' }, /^price: Price must be at most/],
    [{ ...newProduct('A'), inStock: 'yes' }, /^inStock: In stock must be true or false$/],
    [{ ...newProduct('A'), rating: '5.0' }, /Unrecognized key/],
  ])('refuses a product with 400 naming the field (%#)', async (body, message) => {
    const staff = await staffAgent();
    const res = await staff.post('/api/admin/products').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a taken name (409), an empty change (400), an unknown product (404), and changes nothing', async () => {
    const staff = await staffAgent();
    const a = (await staff.post('/api/admin/products').send(newProduct('Name One'))).body;
    await staff.post('/api/admin/products').send(newProduct('Name Two'));
    const taken = await staff.patch(`/api/admin/products/${a.id}`).send({ name: 'name two', price: '1.00' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'name: a product named "name two" already exists' });
    expect((await staff.post('/api/admin/products').send(newProduct('Name One'))).status).toBe(409);
    const empty = await staff.patch(`/api/admin/products/${a.id}`).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Send at least one field to change/);
    expect((await staff.patch('/api/admin/products/nope').send({ price: '1.00' })).status).toBe(404);
    expect(
      (await staff.patch('/api/admin/products/00000000-0000-4000-8000-000000000000').send({ price: '1.00' })).status,
    ).toBe(404);
    expect((await t.db('products').where({ id: a.id }).first()).price).toBe('249.00');
  });
});

describe('product images', () => {
  it('re-encodes an upload to WebP under a content-hashed URL served for a year', async () => {
    const staff = await staffAgent();
    const { body: product } = await staff.post('/api/admin/products').send(newProduct('Camera C-4'));
    const upload = await png(3000, 1500);
    const res = await staff
      .post(`/api/admin/products/${product.id}/image`)
      .set('Content-Type', 'image/png')
      .send(upload);
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/api\/product-images\/[0-9a-f]{64}\.webp$/);
    const shop = (await t.request().get('/api/products')).body as { name: string; imageUrl: string }[];
    expect(shop.find((p) => p.name === 'Camera C-4')?.imageUrl).toBe(res.body.imageUrl);

    const image = await t.request().get(res.body.imageUrl).buffer(true).parse(binary);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect((await t.request().get('/api/product-images/' + '0'.repeat(64) + '.webp')).status).toBe(404);
    expect((await t.request().get('/api/product-images/nope.png')).status).toBe(404);
  });

  it('checks the type by content: a GIF or text declared as PNG is refused, and nothing changes', async () => {
    const staff = await staffAgent();
    const { body: product } = await staff.post('/api/admin/products').send(newProduct('Cable K-1'));
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const asGif = await staff
      .post(`/api/admin/products/${product.id}/image`)
      .set('Content-Type', 'image/png')
      .send(gif);
    expect(asGif.status).toBe(400);
    expect(asGif.body.message).toBe('image: gif images are not accepted; send a PNG, JPEG or WebP file');
    const text = await staff
      .post(`/api/admin/products/${product.id}/image`)
      .set('Content-Type', 'image/jpeg')
      .send(Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/^image: the file is not an image that can be read/);
    const svg = await staff
      .post(`/api/admin/products/${product.id}/image`)
      .set('Content-Type', 'image/svg+xml')
      .send(Buffer.from('<svg/>'));
    expect(svg.status).toBe(415);
    const json = await staff.post(`/api/admin/products/${product.id}/image`).send({ image: 'data:' });
    expect(json.status).toBe(415);
    expect((await t.db('products').where({ id: product.id }).first()).imageUrl).toBeNull();
  });

  it('takes the file from a multipart form too (field "image"), with the same checks', async () => {
    const staff = await staffAgent();
    const { body: product } = await staff.post('/api/admin/products').send(newProduct('Access Point F-7'));
    const path = `/api/admin/products/${product.id}/image`;
    const res = await staff
      .post(path)
      .field('note', 'other fields are ignored')
      .attach('image', await png(640, 480), { filename: 'ap.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/api\/product-images\/[0-9a-f]{64}\.webp$/);
    const stored = await t.request().get(res.body.imageUrl).buffer(true).parse(binary);
    expect(await sharp(stored.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const wrongField = await staff.post(path).attach('photo', await png(8, 8), 'ap.png');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ message: 'image: send the image file in the form field "image"' });
    const notAnImage = await staff.post(path).attach('image', Buffer.from('plain text'), 'ap.png');
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.message).toMatch(/^image: the file is not an image that can be read/);
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await staff.post(path).attach('image', big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: 'image: the file must be at most 5 MB' });
    const noBoundary = await staff.post(path).set('Content-Type', 'multipart/form-data').send('x');
    expect(noBoundary.status).toBe(400);
    // A client cannot upload at all.
    const client = t.agent();
    await logIn(client, await buildUser(t.db));
    expect((await client.post(path).attach('image', await png(8, 8), 'ap.png')).status).toBe(403);
    expect((await t.db('products').where({ id: product.id }).first()).imageUrl).toBe(res.body.imageUrl);
  });

  it('refuses a file over 5 MB with 413, and an empty one with 400', async () => {
    const staff = await staffAgent();
    const { body: product } = await staff.post('/api/admin/products').send(newProduct('Rack R-42'));
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await staff.post(`/api/admin/products/${product.id}/image`).set('Content-Type', 'image/png').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'image: the file must be at most 5 MB' });
    const empty = await staff
      .post(`/api/admin/products/${product.id}/image`)
      .set('Content-Type', 'image/png')
      .send(Buffer.alloc(0));
    expect(empty.status).toBe(400);
  });
});
