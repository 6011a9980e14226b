/**
 * `npm run bench:mail`: order receipts from payment to a local SMTP server, on
 * the production build (with NODE_ENV=development, since the demo payment
 * provider never runs in production), over real SMTP.
 *
 * Two runs of BENCH_MAIL_ORDERS paid demo orders (default 2,000), each order
 * queueing its receipt in the payment's transaction:
 *  - burst: every payment confirmed as fast as the server takes them
 *    (BENCH_MAIL_CONCURRENCY at once); mails/s from the first payment to the
 *    last receipt delivered, and payment → delivery p50/p99 (mostly the time
 *    a receipt waits behind the others);
 *  - outage: payments at a pace the worker keeps up with (BENCH_MAIL_RATE per
 *    second, default 20) while the SMTP server is down for BENCH_MAIL_OUTAGE_S
 *    seconds (default 30) in the middle: every receipt must still arrive,
 *    exactly once; p50/p99 show what the outage costs.
 * Exits non-zero when a receipt is lost or duplicated, or a mail is not `sent`.
 */
import pg from 'pg';
import type { Product } from '../shared/src/schemas/catalog';
import type { CheckoutResponse } from '../shared/src/schemas/orders';
import { SmtpSink } from '../api/src/test/smtp-sink';
import { freshDatabase, inBatches, percentile } from './chat-support';
import { BENCH_ADMIN_TOKEN, cartFor, seedCatalogue, shipping } from './commerce';
import { recordFigure } from './figures';
import { ensureBuild, machine, startProductionServer } from './support';

const ORDERS = Number(process.env.BENCH_MAIL_ORDERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_MAIL_CONCURRENCY ?? 50);
const RATE = Number(process.env.BENCH_MAIL_RATE ?? 20);
const OUTAGE_S = Number(process.env.BENCH_MAIL_OUTAGE_S ?? 30);
const BUYERS = 50;
const DRAIN_TIMEOUT_MS = 10 * 60 * 1000;
const STALL_TIMEOUT_MS = 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Buyer {
  cookie: string;
  email: string;
}

interface PlacedOrder {
  id: string;
  /** NS-10427: the receipt's subject names it. */
  number: string;
  clientSecret: string;
  buyer: Buyer;
  /** When the confirmation answered: the order is paid and its receipt committed. */
  paidAt?: number;
}

async function signUp(url: string, index: number, run: string): Promise<Buyer> {
  const email = `buyer${index}.${run}@bench.example.com`;
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${index}.${run.length}` },
    body: JSON.stringify({ username: `mail_${run}_${index}`, password: 'bench-password', email }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, email };
}

async function placeOrders(url: string, products: Product[], buyers: Buyer[], count: number): Promise<PlacedOrder[]> {
  return inBatches(
    Array.from({ length: count }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const buyer = buyers[i % buyers.length]!;
      const cart = cartFor(products, i);
      const res = await fetch(`${url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie: buyer.cookie },
        body: JSON.stringify({ items: cart.map(({ product, quantity }) => ({ id: product.id, quantity })), shipping }),
      });
      if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as CheckoutResponse;
      return { id: body.order.id, number: body.order.number, clientSecret: body.clientSecret, buyer };
    },
  );
}

async function pay(url: string, order: PlacedOrder): Promise<void> {
  const res = await fetch(`${url}/api/demo-payments/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie: order.buyer.cookie },
    body: JSON.stringify({
      clientSecret: order.clientSecret,
      card: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    }),
  });
  if (res.status !== 200) throw new Error(`payment failed: ${res.status} ${await res.text()}`);
  order.paidAt = performance.now();
}

/** Receipts that reached the sink, by order number (the subject names it). */
function receiptsByOrder(sink: SmtpSink): Map<string, number[]> {
  const byOrder = new Map<string, number[]>();
  for (const mail of sink.received) {
    const number = /^Subject: Receipt for your order (NS-\d+)/m.exec(mail.raw)?.[1];
    if (!number) continue;
    byOrder.set(number, [...(byOrder.get(number) ?? []), mail.receivedAt]);
  }
  return byOrder;
}

interface RunOutcome {
  run: string;
  orders: number;
  'receipts delivered': number;
  lost: number;
  duplicated: number;
  'not sent in outbox': number;
  'mails/s': number;
  'p50 s': number;
  'p99 s': number;
  'outage s': number;
}

async function measure(
  run: 'burst' | 'outage',
  url: string,
  databaseUrl: string,
  sink: SmtpSink,
  products: Product[],
): Promise<RunOutcome> {
  const buyers = await inBatches(
    Array.from({ length: BUYERS }, (_, i) => i),
    10,
    (i) => signUp(url, i, run),
  );
  const orders = await placeOrders(url, products, buyers, ORDERS);
  // The buyers' welcome mails are not part of the measure: let them go first.
  await sleep(2000);
  sink.received.length = 0;
  const started = performance.now();
  let outageSeconds = 0;

  if (run === 'burst') {
    await inBatches(orders, CONCURRENCY, (order) => pay(url, order));
  } else {
    const spanMs = (ORDERS / RATE) * 1000;
    const outage = (async () => {
      await sleep(Math.max(0, spanMs / 2 - (OUTAGE_S * 1000) / 2));
      const down = performance.now();
      await sink.stop();
      process.stdout.write(`  SMTP server down (${OUTAGE_S} s)…\n`);
      await sleep(OUTAGE_S * 1000);
      await sink.start();
      outageSeconds = (performance.now() - down) / 1000;
      process.stdout.write('  SMTP server back\n');
    })();
    const payments: Promise<void>[] = [];
    for (const [i, order] of orders.entries()) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      payments.push(pay(url, order));
    }
    await Promise.all(payments);
    await outage;
  }

  const numbers = new Map(orders.map((order) => [order.number, order]));
  if (numbers.size !== orders.length) throw new Error('two orders have the same number');
  // Until every receipt is in; a delivery that makes no progress for STALL_TIMEOUT_MS ends the wait (they count
  // as lost) instead of holding the benchmark for DRAIN_TIMEOUT_MS.
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let arrived = 0;
  let progressAt = Date.now();
  while (Date.now() < deadline && arrived < numbers.size && Date.now() - progressAt < STALL_TIMEOUT_MS) {
    await sleep(200);
    const now = receiptsByOrder(sink).size;
    if (now > arrived) progressAt = Date.now();
    arrived = now;
  }
  // A little longer: a duplicate would arrive now.
  await sleep(3000);
  const receipts = receiptsByOrder(sink);

  const latencies: number[] = [];
  let lost = 0;
  let duplicated = 0;
  let lastDelivery = started;
  for (const [number, order] of numbers) {
    const arrivals = receipts.get(number) ?? [];
    if (arrivals.length === 0) lost += 1;
    if (arrivals.length > 1) duplicated += arrivals.length - 1;
    // receivedAt is wall-clock time; paidAt is monotonic: convert through the offset between them.
    const first = arrivals[0];
    if (first !== undefined && order.paidAt !== undefined) {
      const delivered = first - (Date.now() - performance.now());
      latencies.push(delivered - order.paidAt);
      lastDelivery = Math.max(lastDelivery, delivered);
    }
  }
  latencies.sort((a, b) => a - b);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ count: string }>(
    `select count(*) from mails m join orders o on m.idempotency_key = 'order-receipt:' || o.id
     where o.id = any($1::uuid[]) and m.status <> 'sent'`,
    [orders.map((order) => order.id)],
  );
  await client.end();

  return {
    run,
    orders: ORDERS,
    'receipts delivered': [...receipts.values()].filter((a) => a.length > 0).length,
    lost,
    duplicated,
    'not sent in outbox': Number(rows[0]!.count),
    'mails/s': Math.round((ORDERS / (lastDelivery - started)) * 1000),
    'p50 s': Number((percentile(latencies, 50) / 1000).toFixed(3)),
    'p99 s': Number((percentile(latencies, 99) / 1000).toFixed(3)),
    'outage s': Number(outageSeconds.toFixed(1)),
  };
}

async function main(): Promise<void> {
  ensureBuild();
  const database = await freshDatabase();
  // Only counts and headers are needed: no parsing of 4,000 mails.
  const sink = await SmtpSink.start({ parse: false });
  const server = await startProductionServer(database.url, {
    NODE_ENV: 'development',
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    SMTP_URL: sink.url,
    MAIL_FROM: 'Northstar IT Solutions <orders@bench.example.com>',
    PAYMENT_LIMIT_PER_HOUR: '1000000',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  const outcomes: RunOutcome[] = [];
  try {
    const products = await seedCatalogue(server.url);
    console.log(`Mail benchmark: ${ORDERS} paid orders per run, ${machine()}`);
    for (const run of ['burst', 'outage'] as const) {
      console.log(`${run}…`);
      outcomes.push(await measure(run, server.url, database.url, sink, products));
    }
  } finally {
    await server.stop();
    await sink.stop();
    await database.stop();
  }
  console.table(outcomes);
  // For `npm run bench`'s summary (bench/goals.ts).
  recordFigure({
    id: 'mail-failures',
    value: outcomes.reduce((sum, o) => sum + o.lost + o.duplicated + o['not sent in outbox'], 0),
  });
  const burst = outcomes.find((o) => o.run === 'burst');
  if (burst) recordFigure({ id: 'mail-rate', value: burst['mails/s'] });
  const failed = outcomes.filter(
    (o) => o.lost > 0 || o.duplicated > 0 || o['not sent in outbox'] > 0 || o['receipts delivered'] !== o.orders,
  );
  if (failed.length > 0) {
    console.error(`FAILED: receipts lost, duplicated or not sent in ${failed.map((o) => o.run).join(', ')}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
