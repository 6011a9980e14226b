/**
 * `npm run bench:http`: the production build against bare node:http servers, in
 * the same run on the same machine, at 100 connections: a hello world for
 * /healthz and the logged-out answer, and — for issue 31's two ratios — a
 * server sending exactly the bytes (headers and body) of the signed-in
 * /api/auth/user and of the product list, recorded from our answer first.
 * Then the shop at 50 connections, and 200 simultaneous checkouts.
 */
import { BENCH_ADMIN_TOKEN, cartFor, seedCatalogue, shipping, signUpBuyer, simultaneousCheckouts } from './commerce';
import { recordFigure } from './figures';
import {
  benchDatabase,
  compare,
  type CompareRow,
  DURATION,
  ensureBuild,
  machine,
  ROUNDS,
  startHelloServer,
  startProductionServer,
} from './support';

/** For `npm run bench`'s summary (bench/goals.ts): a target's ratio to node:http, found by its name. */
function recordRatio(id: string, rows: CompareRow[], match: (target: string) => boolean): void {
  const row = rows.find((r) => match(r.target));
  if (row) recordFigure({ id, value: Number(row['vs node:http']) });
}

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

ensureBuild();
const database = await benchDatabase();
const hello = await startHelloServer();
const app = await startProductionServer(database.url, { ADMIN_TOKEN: BENCH_ADMIN_TOKEN });
// The demo payment provider runs only outside production: the shop's checkout is measured on a second
// instance of the same build with NODE_ENV=development (and a per-user payment limit the load never reaches).
const shop = await startProductionServer(database.url, {
  NODE_ENV: 'development',
  ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
  PAYMENT_LIMIT_PER_HOUR: '1000000',
  TRUST_PROXY: 'true',
});
const SHOP_CONNECTIONS = Number(process.env.BENCH_SHOP_CONNECTIONS ?? 50);
/** node:http servers sending one of our answers' exact bytes, stopped at the end. */
const baselines: { stop(): Promise<void> }[] = [];

try {
  // A logged-in visitor's cookie, for the authenticated case.
  const username = `bench_${Date.now()}`;
  const signup = await fetch(`${app.url}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  console.log(`Machine: ${machine()}`);
  console.log(`${CONNECTIONS} connections, ${DURATION} s per target after a 2 s warm-up, median of ${ROUNDS} rounds\n`);
  await compare({ name: 'node:http hello world', options: { url: hello.url, connections: CONNECTIONS } }, [
    { name: 'GET /healthz', options: { url: `${app.url}/healthz`, connections: CONNECTIONS } },
    {
      name: 'GET /api/auth/user (logged out → 401)',
      options: { url: `${app.url}/api/auth/user`, connections: CONNECTIONS, expectStatus: 401 },
    },
  ]);
  // Issue 31's ratio: the signed-in answer against node:http sending exactly its bytes (headers and body).
  const sameUser = await startHelloServer({ url: `${app.url}/api/auth/user`, headers: { cookie } });
  baselines.push(sameUser);
  const signedIn = await compare(
    { name: 'node:http, the same bytes', options: { url: sameUser.url, connections: CONNECTIONS } },
    [
      {
        name: 'GET /api/auth/user (logged in)',
        options: { url: `${app.url}/api/auth/user`, connections: CONNECTIONS, headers: { cookie } },
      },
    ],
  );
  recordRatio('auth-user-ratio', signedIn, (target) => target.startsWith('GET /api/auth/user'));

  console.log(`\nShop: ${SHOP_CONNECTIONS} connections\n`);
  const products = await seedCatalogue(app.url);
  // One buyer per connection, as in real traffic (each buyer has their own payment rate-limit counter).
  const buyers = await Promise.all(Array.from({ length: SHOP_CONNECTIONS }, (_, i) => signUpBuyer(shop.url, i)));
  const cart = cartFor(products, 3).map(({ product, quantity }) => ({ id: product.id, quantity }));
  let next = 0;
  const browserEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  // Issue 31's ratio: the product list against node:http sending exactly its bytes, as browsers ask (brotli).
  const sameProducts = await startHelloServer({ url: `${app.url}/api/products`, headers: browserEncoding });
  baselines.push(sameProducts);
  const productRows = await compare(
    { name: 'node:http, the same bytes (br)', options: { url: sameProducts.url, connections: SHOP_CONNECTIONS } },
    [
      {
        name: `GET /api/products (${products.length} products, br as browsers ask)`,
        options: { url: `${app.url}/api/products`, connections: SHOP_CONNECTIONS, headers: browserEncoding },
      },
    ],
  );
  recordRatio('products-ratio', productRows, (target) => target.startsWith('GET /api/products'));
  const samePlain = await startHelloServer({ url: `${app.url}/api/products` });
  baselines.push(samePlain);
  await compare(
    {
      name: 'node:http, the same bytes (uncompressed)',
      options: { url: samePlain.url, connections: SHOP_CONNECTIONS },
    },
    [
      {
        name: `GET /api/products (uncompressed)`,
        options: { url: `${app.url}/api/products`, connections: SHOP_CONNECTIONS },
      },
    ],
  );
  await compare({ name: 'node:http hello world', options: { url: hello.url, connections: SHOP_CONNECTIONS } }, [
    {
      name: 'POST /api/create-payment-intent (shop, demo provider)',
      options: {
        url: `${shop.url}/api/create-payment-intent`,
        connections: SHOP_CONNECTIONS,
        expectStatus: 201,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ items: cart, shipping }),
            setupRequest: (request) => {
              next = (next + 1) % buyers.length;
              return { ...request, headers: { ...request.headers, cookie: buyers[next]!.cookie } };
            },
          },
        ],
      },
    },
  ]);

  console.log('\n200 simultaneous checkouts (50 buyers), then 200 simultaneous demo payments');
  const check = await simultaneousCheckouts(shop.url, database.url, products);
  console.table([check]);
  const ok = check.ordersWritten === check.checkouts && check.wrongTotals === 0 && check.failedRequests === 0;
  if (!ok || check.paid !== check.checkouts) {
    process.exitCode = 1;
    console.error('FAILED: expected exactly 200 paid orders with correct totals');
  } else {
    console.log(`OK: exactly ${check.ordersWritten} orders, all totals correct, all paid`);
  }
} finally {
  for (const baseline of baselines) await baseline.stop();
  await shop.stop();
  await app.stop();
  await hello.stop();
  await database.stop();
}
