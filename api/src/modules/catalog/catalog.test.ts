import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { setupTestApp } from '../../test/test-app';
import { catalogSeed } from './catalog-seed-data';
import { Product } from './product.model';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
const t = setupTestApp({
  adminToken: ADMIN_TOKEN,
  trustProxy: true,
  rateLimits: { ...roomyRateLimits, adminSeedPerIp: limitInOneWindow(5) },
});

let client = 0;
/** Each call is its own client IP, so only the rate-limit test meets the limit. */
function seed(authorization?: string, ip = `198.51.100.${(client += 1)}`) {
  const req = t.request().post('/api/admin/seed-products').set('X-Forwarded-For', ip);
  return authorization === undefined ? req : req.set('Authorization', authorization);
}

describe('GET /api/products', () => {
  it('is an empty list before seeding', async () => {
    const res = await t.request().get('/api/products');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('POST /api/admin/seed-products', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer not-the-admin-token'],
    ['the token with another scheme', `Basic ${ADMIN_TOKEN}`],
    ['a prefix of the token', `Bearer ${ADMIN_TOKEN.slice(0, -1)}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 and inserts nothing', async (_label, authorization) => {
    const res = await seed(authorization);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid or missing admin token' });
    expect(await Product.query(t.db).resultSize()).toBe(0);
  });

  it('inserts the catalogue once; a second run inserts nothing', async () => {
    const first = await seed(`Bearer ${ADMIN_TOKEN}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: `Database seeded successfully: inserted ${catalogSeed.length} products.`,
      count: catalogSeed.length,
      kept: 0,
    });

    const second = await seed(`bearer ${ADMIN_TOKEN}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      message: `The product catalogue is already in the shop: no products inserted; ${catalogSeed.length} products already in the shop left as they are.`,
      count: 0,
      kept: catalogSeed.length,
    });
    expect(await Product.query(t.db).resultSize()).toBe(catalogSeed.length);
  });

  it('never changes a product staff edited: only missing products are inserted', async () => {
    const [edited, removed] = [catalogSeed[0]!, catalogSeed[1]!];
    await Product.query(t.db)
      .patch({ price: '219.00', inStock: false, imageUrl: '/api/product-images/uploaded.webp' })
      .where({ name: edited.name });
    await Product.query(t.db).delete().where({ name: removed.name });
    const res = await seed(`Bearer ${ADMIN_TOKEN}`);
    expect(res.body).toEqual({
      message: `Database seeded successfully: inserted 1 product; ${catalogSeed.length - 1} products already in the shop left as they are.`,
      count: 1,
      kept: catalogSeed.length - 1,
    });
    expect(await Product.query(t.db).findOne({ name: edited.name })).toMatchObject({
      price: '219.00',
      inStock: false,
      imageUrl: '/api/product-images/uploaded.webp',
    });
    expect(await Product.query(t.db).findOne({ name: removed.name })).toMatchObject({ price: removed.price });
    // Back to the seed's details for the tests below, which read the seeded catalogue.
    await Product.query(t.db)
      .patch({ price: edited.price, inStock: edited.inStock, imageUrl: edited.imageUrl })
      .where({ name: edited.name });
  });

  it('rate limits seeding attempts per IP', async () => {
    for (let i = 0; i < 5; i += 1) expect((await seed('Bearer wrong', '203.0.113.7')).status).toBe(401);
    const blocked = await seed(`Bearer ${ADMIN_TOKEN}`, '203.0.113.7');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many seeding attempts/);
  });
});

describe('the seeded catalogue', () => {
  it('is a realistic procurement catalogue with shipped images, unrated and out-of-stock products', async () => {
    const res = await t.request().get('/api/products');
    expect(res.status).toBe(200);
    const products = res.body as {
      name: string;
      category: string;
      price: string;
      rating: string | null;
      inStock: boolean;
      imageUrl: string;
    }[];
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(products[0]!).sort()).toEqual(
      ['category', 'createdAt', 'description', 'id', 'imageUrl', 'inStock', 'name', 'price', 'rating'].sort(),
    );
    expect(new Set(products.map((p) => p.category))).toEqual(
      new Set([
        'Networking',
        'Security',
        'Wireless',
        'Cabling & Racks',
        'Surveillance',
        'Servers & Storage',
        'Computers',
        'Power',
      ]),
    );
    expect(products.every((p) => /^\d+\.\d{2}$/.test(p.price))).toBe(true);
    expect(products.some((p) => p.rating === null)).toBe(true);
    expect(products.every((p) => p.rating === null || /^\d\.\d$/.test(p.rating))).toBe(true);
    expect(products.filter((p) => !p.inStock).length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.imageUrl).toMatch(/^\/products\/[a-z-]+\.svg$/);
      expect(existsSync(path.join('web/public', product.imageUrl))).toBe(true);
    }
    // Sorted by category, then name.
    const keys = products.map((p) => `${p.category}\u0000${p.name}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('answers 304 to a client that has the current list', async () => {
    const first = await t.request().get('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request().get('/api/products').set('If-None-Match', etag);
    expect(again.status).toBe(304);
  });

  it('is compressed for clients that accept it, and served without a session', async () => {
    const identity = await t.request().get('/api/products').set('Accept-Encoding', 'identity');
    for (const encoding of ['br', 'gzip']) {
      const res = await t.request().get('/api/products').set('Accept-Encoding', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.body).toEqual(identity.body);
    }
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['set-cookie']).toBeUndefined();
    expect(identity.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
