/**
 * Commerce parts of `npm run bench`: a seeded catalogue, logged-in buyers,
 * and the "200 simultaneous checkouts → exactly 200 orders with correct
 * totals" check against the demo payment provider.
 */
import pg from 'pg';
import { fromCents, orderTotals } from '../shared/src/money';
import type { Product } from '../shared/src/schemas/catalog';
import type { CheckoutResponse } from '../shared/src/schemas/orders';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

export const shipping = {
  fullName: 'Bench Buyer',
  address: '800 Washington Avenue North',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55401',
  country: 'United States',
};

export async function seedCatalogue(url: string): Promise<Product[]> {
  const seeded = await fetch(`${url}/api/admin/seed-products`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
  });
  if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
  return (await (await fetch(`${url}/api/products`)).json()) as Product[];
}

/** Signs up a buyer (each from its own address, as real buyers are) and returns the session cookie. */
export async function signUpBuyer(url: string, index: number): Promise<{ cookie: string; username: string }> {
  const username = `bench_${Date.now().toString(36)}_${index}`;
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${index >> 8}.${index & 255}.7` },
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, username };
}

function pick<T>(items: readonly T[], count: number, seed: number): T[] {
  const chosen: T[] = [];
  for (let i = 0; chosen.length < count; i += 1) {
    const item = items[(seed * 7 + i * 13) % items.length]!;
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}

/** A cart of 1–4 in-stock products with quantities 1–5, varied by `seed`. */
export function cartFor(products: readonly Product[], seed: number) {
  const inStock = products.filter((p) => p.inStock);
  return pick(inStock, 1 + (seed % 4), seed).map((product, i) => ({ product, quantity: 1 + ((seed + i) % 5) }));
}

interface CheckoutCheck {
  checkouts: number;
  ordersWritten: number;
  wrongTotals: number;
  failedRequests: number;
  paid: number;
  createMs: number;
  payMs: number;
}

/**
 * 200 buyers' checkouts at the same moment, then every payment confirmed at
 * the same moment: exactly 200 orders must exist, each with the subtotal, tax
 * and total computed independently here from list prices, and all paid.
 */
export async function simultaneousCheckouts(
  url: string,
  databaseUrl: string,
  products: readonly Product[],
  count = 200,
): Promise<CheckoutCheck> {
  const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => signUpBuyer(url, 1000 + i)));
  const carts = Array.from({ length: count }, (_, i) => cartFor(products, i));
  const expected = new Map<string, ReturnType<typeof orderTotals>>();

  let started = performance.now();
  const responses = await Promise.all(
    carts.map(async (cart, i) => {
      const res = await fetch(`${url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie: buyers[i % buyers.length]!.cookie },
        body: JSON.stringify({ items: cart.map(({ product, quantity }) => ({ id: product.id, quantity })), shipping }),
      });
      if (res.status !== 201) return null;
      const body = (await res.json()) as CheckoutResponse;
      expected.set(
        body.order.id,
        orderTotals(cart.map(({ product, quantity }) => ({ price: product.price, quantity }))),
      );
      return { body, cookie: buyers[i % buyers.length]!.cookie };
    }),
  );
  const createMs = performance.now() - started;

  started = performance.now();
  const confirmations = await Promise.all(
    responses.map((placed) =>
      placed
        ? fetch(`${url}/api/demo-payments/confirm`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', cookie: placed.cookie },
            body: JSON.stringify({
              clientSecret: placed.body.clientSecret,
              card: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
            }),
          }).then((res) => res.status)
        : Promise.resolve(0),
    ),
  );
  const payMs = performance.now() - started;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      status: string;
      subtotal_amount: string;
      tax_amount: string;
      total_amount: string;
      lines_total: string;
    }>(
      `select o.id, o.status, o.subtotal_amount, o.tax_amount, o.total_amount,
              (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id)::numeric(10,2)::text as lines_total
       from orders o join users u on u.id = o.user_id where u.username = any($1)`,
      [buyers.map((b) => b.username)],
    );
    const wrongTotals = rows.filter((row) => {
      const totals = expected.get(row.id);
      return (
        !totals ||
        row.subtotal_amount !== fromCents(totals.subtotalCents) ||
        row.lines_total !== fromCents(totals.subtotalCents) ||
        row.tax_amount !== fromCents(totals.taxCents) ||
        row.total_amount !== fromCents(totals.totalCents)
      );
    }).length;
    return {
      checkouts: count,
      ordersWritten: rows.length,
      wrongTotals,
      failedRequests: responses.filter((r) => r === null).length + confirmations.filter((s) => s !== 200).length,
      paid: rows.filter((row) => row.status === 'paid').length,
      createMs: Math.round(createMs),
      payMs: Math.round(payMs),
    };
  } finally {
    await client.end();
  }
}
