import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shared/schemas/orders';
import { buildProduct, demoCards, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { Order } from './order.model';

const t = setupTestApp({ rateLimits: roomyRateLimits });

type Agent = ReturnType<typeof t.agent>;

async function agentFor(accountType: 'client' | 'staff', options: { firstName?: string; email?: string } = {}) {
  const built = await buildUser(t.db, {
    accountType,
    email: options.email ?? `${uniqueName(accountType)}@example.com`,
    firstName: options.firstName,
  });
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, user: built.user };
}

/** A client's order through the real checkout; paid with the demo card unless `paid` is false. */
async function placeOrder(buyer: { agent: Agent }, options: { paid?: boolean; quantity?: number } = {}) {
  const product = await buildProduct(t.db, { price: '50.00' });
  const res = await buyer.agent
    .post('/api/create-payment-intent')
    .send({ items: [{ id: product.id, quantity: options.quantity ?? 1 }], shipping: validShipping });
  expect(res.status).toBe(201);
  if (options.paid !== false) {
    const paid = await buyer.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
  }
  return res.body.order as { id: string; number: string };
}

const statusOf = async (id: string) => (await Order.query(t.db).findById(id))?.status;
const setStatus = (id: string, status: OrderStatus) => Order.query(t.db).patch({ status }).where({ id });

describe('GET /api/admin/orders', () => {
  it('anonymous 401, a client 403, staff 200', async () => {
    expect((await t.request().get('/api/admin/orders')).status).toBe(401);
    const client = await agentFor('client');
    const refused = await client.agent.get('/api/admin/orders');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String) });
    const staff = await agentFor('staff');
    const res = await staff.agent.get('/api/admin/orders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orders: [], nextCursor: null, prevCursor: null });
  });

  it('finds orders by number, customer name, email and ship-to name, with their customer', async () => {
    const buyer = await agentFor('client', { firstName: 'Zebulon', email: 'zebulon.quill@example.com' });
    const order = await placeOrder(buyer);
    const staff = await agentFor('staff');
    const search = async (q: string) =>
      ((await staff.agent.get('/api/admin/orders').query({ q })).body.orders as { id: string }[]).map((o) => o.id);

    expect(order.number).toMatch(/^NS-\d{5,}$/);
    expect(await search(order.number)).toEqual([order.id]);
    expect(await search(order.number.slice(3))).toEqual([order.id]);
    expect(await search(order.number.toLowerCase())).toEqual([order.id]);
    expect(await search('zebulon')).toEqual([order.id]);
    expect(await search('QUILL@EXAMPLE')).toEqual([order.id]);
    expect(await search('nobody-has-this-name')).toEqual([]);
    // LIKE's own characters are taken literally.
    expect(await search('%')).toEqual([]);

    const [listed] = (await staff.agent.get('/api/admin/orders').query({ q: order.number })).body.orders;
    expect(listed).toEqual({
      id: order.id,
      number: order.number,
      status: 'paid',
      createdAt: expect.any(String),
      totalAmount: '54.25',
      currency: 'usd',
      itemCount: 1,
      shippingName: validShipping.fullName,
      customer: {
        id: buyer.user.id,
        username: buyer.user.username,
        name: 'Zebulon',
        email: 'zebulon.quill@example.com',
      },
    });
  });

  it('filters by status and date range, newest first', async () => {
    const buyer = await agentFor('client', { firstName: 'Filterina' });
    const unpaid = await placeOrder(buyer, { paid: false });
    const paid = await placeOrder(buyer);
    const old = await placeOrder(buyer);
    await Order.query(t.db)
      .patch({ createdAt: new Date('2020-02-03T12:00:00Z') })
      .where({ id: old.id });
    const staff = await agentFor('staff');
    const list = async (query: Record<string, string>) =>
      (
        (await staff.agent.get('/api/admin/orders').query({ q: 'filterina', ...query })).body.orders as { id: string }[]
      ).map((o) => o.id);

    expect(await list({})).toEqual([paid.id, unpaid.id, old.id]);
    expect(await list({ status: 'pending' })).toEqual([unpaid.id]);
    expect(await list({ status: 'paid' })).toEqual([paid.id, old.id]);
    expect(await list({ from: '2020-02-03', to: '2020-02-03' })).toEqual([old.id]);
    expect(await list({ to: '2020-02-02' })).toEqual([]);
    expect(await list({ from: '2020-02-04' })).toEqual([paid.id, unpaid.id]);
  });

  it('finds rare matches behind a page of newer orders, by few customers, many customers or ship-to name, and after a rename', async () => {
    const token = () => `tok${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const [manyName, rareEmail, shipTo, renamed] = [token(), token(), token(), token()];
    // Customers and orders straight into the tables (the search text is the database's to keep).
    const insertUsers = async (count: number, fields: { firstName?: string; email?: (i: number) => string }) =>
      (
        await t.db.raw<{ rows: { id: string }[] }>(
          `insert into users (username, password_hash, email, first_name, account_type)
           select 'search_' || md5(random()::text), 'no-login', (?::text[])[i], ?, 'client' from generate_series(1, ?) i
           returning id`,
          [
            Array.from({ length: count }, (_, i) => fields.email?.(i) ?? `${token()}@example.com`),
            fields.firstName ?? null,
            count,
          ],
        )
      ).rows.map((row) => row.id);
    const insertOrders = async (userIds: string[], status: OrderStatus, createdAt: string, shipToName = 'Ship To') =>
      (
        await t.db.raw<{ rows: { id: string }[] }>(
          `insert into orders (user_id, status, subtotal_amount, tax_amount, total_amount, currency, payment_provider,
                               shipping_full_name, shipping_address, shipping_city, shipping_state, shipping_zip_code,
                               shipping_country, created_at)
           select u, ?, 100.00, 8.50, 108.50, 'usd', 'demo', ?, '1 Search Street', 'Minneapolis', 'MN', '55401',
                  'United States', ?::timestamptz - (ord * interval '1 second')
           from unnest(?::uuid[]) with ordinality as x(u, ord) order by ord returning id`,
          [status, shipToName, createdAt, userIds],
        )
      ).rows.map((row) => row.id);

    // 120 customers share a name; two of their orders are cancelled, older than 600 other cancelled orders.
    const many = await insertUsers(120, { firstName: `Many${manyName}` });
    const manyCancelled = await insertOrders(many.slice(0, 2), 'cancelled', '2021-06-01T00:00:00Z');
    await insertOrders(many, 'delivered', '2021-07-01T00:00:00Z');
    const [rare] = await insertUsers(1, { email: () => `${rareEmail}@rare.example.com` });
    const rareOrders = await insertOrders([rare!, rare!], 'cancelled', '2021-05-01T00:00:00Z');
    const [filler] = await insertUsers(1, {});
    const shipToOrders = await insertOrders([filler!], 'cancelled', '2021-04-01T00:00:00Z', `${shipTo} Receiver`);
    await insertOrders(
      Array.from({ length: 600 }, () => filler!),
      'cancelled',
      '2022-01-01T00:00:00Z',
    );

    const staff = await agentFor('staff');
    const search = async (query: Record<string, string>) => {
      const res = await staff.agent.get('/api/admin/orders').query(query);
      expect(res.status).toBe(200);
      return (res.body.orders as { id: string }[]).map((o) => o.id);
    };
    expect(await search({ q: manyName, status: 'cancelled' })).toEqual(manyCancelled);
    expect((await search({ q: manyName, status: 'delivered', limit: '100' })).length).toBe(100);
    expect(await search({ q: `${rareEmail}@RARE`, status: 'cancelled' })).toEqual(rareOrders);
    expect(await search({ q: `${rareEmail}@rare` })).toEqual(rareOrders);
    expect(await search({ q: shipTo.toUpperCase() })).toEqual(shipToOrders);
    // The separator between the customer's text and the ship-to name is never matched across.
    expect(await search({ q: `example.com ${shipTo}` })).toEqual([]);

    // A customer's new name finds their orders at once; the old one no longer does.
    await t
      .db('users')
      .where({ id: rare })
      .update({ email: `${renamed}@renamed.example.com` });
    expect(await search({ q: renamed, status: 'cancelled' })).toEqual(rareOrders);
    expect(await search({ q: rareEmail })).toEqual([]);
  });

  it('pages with opaque cursors, forwards and back, without gaps or repeats', async () => {
    const buyer = await agentFor('client', { firstName: 'Pagination' });
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.unshift((await placeOrder(buyer, { paid: false })).id);
    // Two orders in the same microsecond: the id breaks the tie.
    const same = new Date('2026-01-01T00:00:00.123Z');
    await Order.query(t.db).patch({ createdAt: same }).whereIn('id', [ids[5]!, ids[6]!]);
    const expected = [...ids.slice(0, 5), ...[ids[5]!, ids[6]!].sort().reverse()];
    const staff = await agentFor('staff');
    const page = async (cursor?: string) =>
      (await staff.agent.get('/api/admin/orders').query({ q: 'pagination', limit: 3, ...(cursor ? { cursor } : {}) }))
        .body as { orders: { id: string }[]; nextCursor: string | null; prevCursor: string | null };

    const first = await page();
    expect(first.prevCursor).toBeNull();
    const second = await page(first.nextCursor!);
    const third = await page(second.nextCursor!);
    expect(third.nextCursor).toBeNull();
    expect([...first.orders, ...second.orders, ...third.orders].map((o) => o.id)).toEqual(expected);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);

    const backToSecond = await page(third.prevCursor!);
    expect(backToSecond.orders.map((o) => o.id)).toEqual(second.orders.map((o) => o.id));
    const backToFirst = await page(backToSecond.prevCursor!);
    expect(backToFirst.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
    expect(backToFirst.prevCursor).toBeNull();
  });

  it.each([
    [{ status: 'lost' }, 'status'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ from: '2026-13-45' }, 'from'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: '2026-04-31' }, 'to'],
    [{ from: '0000-01-01' }, 'from'],
    [{ to: '99999-01-01' }, 'to'],
    [{ to: 'yesterday' }, 'to'],
    [{ from: '2026-02-02', to: '2026-02-01' }, 'from'],
    [{ cursor: 'not a cursor!' }, 'cursor'],
    [{ cursor: Buffer.from('o.12.nope').toString('base64url') }, 'cursor'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ sort: 'total' }, 'sort'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const staff = await agentFor('staff');
    const res = await staff.agent.get('/api/admin/orders').query(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('anonymous 401, a client (even the owner) 403, unknown 404, staff get lines, customer, payment and timeline', async () => {
    const buyer = await agentFor('client', { firstName: 'Ada' });
    const order = await placeOrder(buyer, { quantity: 2 });
    expect((await t.request().get(`/api/admin/orders/${order.id}`)).status).toBe(401);
    expect((await buyer.agent.get(`/api/admin/orders/${order.id}`)).status).toBe(403);
    const staff = await agentFor('staff');
    expect((await staff.agent.get(`/api/admin/orders/${randomUUID()}`)).status).toBe(404);
    expect((await staff.agent.get('/api/admin/orders/not-a-uuid')).status).toBe(404);

    const res = await staff.agent.get(`/api/admin/orders/${order.id}`);
    expect(res.status).toBe(200);
    const stored = await Order.query(t.db).findById(order.id);
    expect(res.body).toMatchObject({
      id: order.id,
      number: order.number,
      status: 'paid',
      totalAmount: '108.50',
      items: [{ quantity: 2, price: '50.00', lineTotal: '100.00' }],
      shipping: validShipping,
      customer: { id: buyer.user.id, name: 'Ada', email: buyer.user.email },
      payment: { provider: 'demo', id: stored!.providerPaymentId },
      nextStatuses: ['processing', 'cancelled'],
      fulfilment: { carrier: null, trackingNumber: null, shippedAt: null },
    });
    expect(res.body.timeline.map((e: { type: string }) => e.type)).toEqual(['placed', 'paid', 'email_queued']);
    expect(res.body.timeline[0].actor).toMatchObject({ id: buyer.user.id, accountType: 'client' });
    expect(res.body.timeline[2].data).toEqual({ template: 'order-receipt', to: buyer.user.email });
  });
});

describe('PATCH /api/admin/orders/:id (fulfilment)', () => {
  it('paid → processing → shipped (carrier, tracking; the client is emailed) → delivered, each on the timeline by whom', async () => {
    const buyer = await agentFor('client');
    const order = await placeOrder(buyer);
    const staff = await agentFor('staff', { firstName: 'Grace' });
    const patch = (body: object) => staff.agent.patch(`/api/admin/orders/${order.id}`).send(body);

    const processing = await patch({ status: 'processing' });
    expect(processing.status).toBe(200);
    expect(processing.body).toMatchObject({ status: 'processing', nextStatuses: ['shipped', 'cancelled'] });

    const shipped = await patch({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.fulfilment).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippedAt: expect.any(String),
    });
    const [mail] = await t.db('mails').where({ idempotencyKey: `order-shipped:${order.id}` });
    expect(mail).toMatchObject({ template: 'order-shipped', recipient: buyer.user.email });
    expect(mail.data).toMatchObject({
      orderNumber: order.number,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });

    const delivered = await patch({ status: 'delivered' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'delivered', nextStatuses: [] });
    const changes = (
      delivered.body.timeline as { type: string; actor: { name: string } | null; data: object }[]
    ).filter((e) => e.type === 'status_changed');
    expect(changes.map((e) => e.data)).toEqual([
      { from: 'paid', to: 'processing' },
      { from: 'processing', to: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { from: 'shipped', to: 'delivered' },
    ]);
    expect(changes.every((e) => e.actor?.name === 'Grace')).toBe(true);
    expect(delivered.body.timeline.map((e: { type: string }) => e.type)).toContain('email_queued');

    // The owner sees it in the portal: status and tracking.
    const own = await buyer.agent.get(`/api/orders/${order.id}`);
    expect(own.body).toMatchObject({ status: 'delivered', fulfilment: { carrier: 'UPS' } });
  });

  it('ships without carrier or tracking number too', async () => {
    const order = await placeOrder(await agentFor('client'));
    await setStatus(order.id, 'processing');
    const staff = await agentFor('staff');
    const res = await staff.agent.patch(`/api/admin/orders/${order.id}`).send({ status: 'shipped' });
    expect(res.status).toBe(200);
    expect(res.body.fulfilment).toMatchObject({ carrier: null, trackingNumber: null });
  });

  it('emails the client when a paid order is cancelled (on the timeline too), and nobody for an abandoned checkout', async () => {
    const buyer = await agentFor('client');
    const staff = await agentFor('staff');
    const paid = await placeOrder(buyer);
    const res = await staff.agent.patch(`/api/admin/orders/${paid.id}`).send({ status: 'cancelled' });
    expect(res.status).toBe(200);
    const mails = await t.db('mails').where({ idempotencyKey: `order-cancelled:${paid.id}` });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'order-cancelled', recipient: buyer.user.email });
    expect(mails[0].data).toMatchObject({ orderNumber: paid.number, total: '54.25' });
    expect(res.body.timeline).toContainEqual(
      expect.objectContaining({ type: 'email_queued', data: { template: 'order-cancelled', to: buyer.user.email } }),
    );

    const abandoned = await placeOrder(buyer, { paid: false });
    expect((await staff.agent.patch(`/api/admin/orders/${abandoned.id}`).send({ status: 'cancelled' })).status).toBe(
      200,
    );
    expect(await t.db('mails').where({ idempotencyKey: `order-cancelled:${abandoned.id}` })).toHaveLength(0);
  });

  it.each(['pending', 'payment_failed', 'paid', 'processing'] as const)('cancels a %s order', async (from) => {
    const order = await placeOrder(await agentFor('client'), { paid: false });
    await setStatus(order.id, from);
    const staff = await agentFor('staff');
    const res = await staff.agent.patch(`/api/admin/orders/${order.id}`).send({ status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', fulfilment: { cancelledAt: expect.any(String) } });
  });

  it.each([
    ['pending', 'processing', 'The order is awaiting payment: it can only become cancelled, not processing.'],
    ['paid', 'shipped', 'The order is paid: it can only become processing or cancelled, not shipped.'],
    ['paid', 'paid', 'The order is already paid.'],
    ['processing', 'delivered', 'The order is processing: it can only become shipped or cancelled, not delivered.'],
    ['shipped', 'cancelled', 'The order is shipped: it can only become delivered, not cancelled.'],
    ['delivered', 'shipped', 'The order is delivered: its status can no longer change.'],
    ['cancelled', 'paid', 'The order is cancelled: its status can no longer change.'],
    ['expired', 'cancelled', 'The order is expired: its status can no longer change.'],
    ['paid', 'pending', 'The order is paid: it can only become processing or cancelled, not awaiting payment.'],
  ] as const)('refuses %s → %s with 409 and changes nothing', async (from, to, message) => {
    const order = await placeOrder(await agentFor('client'), { paid: false });
    await setStatus(order.id, from);
    const staff = await agentFor('staff');
    const res = await staff.agent.patch(`/api/admin/orders/${order.id}`).send({ status: to });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message });
    expect(await statusOf(order.id)).toBe(from);
    expect(await t.db('order_events').where({ orderId: order.id, type: 'status_changed' })).toHaveLength(0);
  });

  it('two staff members at once: one moves it, the other is told why not', async () => {
    const order = await placeOrder(await agentFor('client'));
    const [a, b] = [await agentFor('staff'), await agentFor('staff')];
    const results = await Promise.all([
      a.agent.patch(`/api/admin/orders/${order.id}`).send({ status: 'processing' }),
      b.agent.patch(`/api/admin/orders/${order.id}`).send({ status: 'processing' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual({ message: 'The order is already processing.' });
    expect(await t.db('order_events').where({ orderId: order.id, type: 'status_changed' })).toHaveLength(1);
  });

  it.each([
    [{}, 'status'],
    [{ status: 'teleported' }, 'status'],
    [{ status: 'processing', carrier: 'UPS' }, 'carrier'],
    [{ status: 'shipped', trackingNumber: 'x'.repeat(101) }, 'trackingNumber'],
    [{ status: 'shipped', trackingNumber: 'no;semicolons' }, 'trackingNumber'],
    [{ status: 'shipped', carrier: 'c'.repeat(61) }, 'carrier'],
    [{ status: 'shipped', total: '0.00' }, 'total'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
    const order = await placeOrder(await agentFor('client'));
    await setStatus(order.id, 'processing');
    const staff = await agentFor('staff');
    const res = await staff.agent.patch(`/api/admin/orders/${order.id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await statusOf(order.id)).toBe('processing');
  });

  it('anonymous 401, a client (even the owner) 403, unknown 404', async () => {
    const buyer = await agentFor('client');
    const order = await placeOrder(buyer);
    expect((await t.request().patch(`/api/admin/orders/${order.id}`).send({ status: 'processing' })).status).toBe(401);
    expect((await buyer.agent.patch(`/api/admin/orders/${order.id}`).send({ status: 'processing' })).status).toBe(403);
    const staff = await agentFor('staff');
    expect((await staff.agent.patch(`/api/admin/orders/${randomUUID()}`).send({ status: 'processing' })).status).toBe(
      404,
    );
    expect(await statusOf(order.id)).toBe('paid');
  });
});

describe('unpaid orders: one per checkout attempt, Pay now and Cancel', () => {
  it('the same attempt key twice (the first answer was lost) makes one order, with the latest shipping and prices', async () => {
    const buyer = await agentFor('client');
    const product = await buildProduct(t.db, { price: '30.00' });
    const attemptKey = randomUUID();
    const send = (quantity: number, city: string) =>
      buyer.agent.post('/api/create-payment-intent').send({
        items: [{ id: product.id, quantity }],
        shipping: { ...validShipping, city },
        attemptKey,
      });
    const first = await send(1, 'Minneapolis');
    expect(first.status).toBe(201);
    // The browser never saw that answer; it tries again, after editing the shipping and the cart.
    const second = await send(2, 'Saint Paul');
    expect(second.status).toBe(201);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(second.body.order).toMatchObject({ totalAmount: '65.10', shipping: { city: 'Saint Paul' } });
    expect(second.body.clientSecret).not.toBe(first.body.clientSecret);
    expect(await Order.query(t.db).where({ userId: buyer.user.id }).resultSize()).toBe(1);
    const stored = await Order.query(t.db).findById(first.body.order.id);
    expect(stored).toMatchObject({ shippingCity: 'Saint Paul', totalAmount: '65.10' });
    expect(await t.db('order_items').where({ orderId: stored!.id })).toHaveLength(1);

    // The first payment was replaced: only the latest can pay the order.
    const stale = await buyer.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: first.body.clientSecret, card: demoCards.succeeds });
    expect(stale.status).not.toBe(200);
    const paid = await buyer.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: second.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    expect(await statusOf(stored!.id)).toBe('paid');

    // Once paid, the attempt is over.
    const again = await send(1, 'Duluth');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `This checkout already made order NS-${stored!.number}, which is paid. Please start a new checkout.`,
    );
    expect(await Order.query(t.db).where({ userId: buyer.user.id }).resultSize()).toBe(1);
  });

  it('a double click: two requests of one attempt at once make one order', async () => {
    const buyer = await agentFor('client');
    const product = await buildProduct(t.db);
    const body = { items: [{ id: product.id, quantity: 1 }], shipping: validShipping, attemptKey: randomUUID() };
    const results = await Promise.all([
      buyer.agent.post('/api/create-payment-intent').send(body),
      buyer.agent.post('/api/create-payment-intent').send(body),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results[0]!.body.order.id).toBe(results[1]!.body.order.id);
    expect(await Order.query(t.db).where({ userId: buyer.user.id }).resultSize()).toBe(1);
  });

  it('another client using the same attempt key gets an order of their own', async () => {
    const product = await buildProduct(t.db);
    const attemptKey = randomUUID();
    const body = { items: [{ id: product.id, quantity: 1 }], shipping: validShipping, attemptKey };
    const a = await (await agentFor('client')).agent.post('/api/create-payment-intent').send(body);
    const b = await (await agentFor('client')).agent.post('/api/create-payment-intent').send(body);
    expect(a.body.order.id).not.toBe(b.body.order.id);
  });

  it('Pay now: the owner starts a new payment for a pending order; others get 404, paid orders 409', async () => {
    const buyer = await agentFor('client');
    const order = await placeOrder(buyer, { paid: false });
    const other = await agentFor('client');
    expect((await other.agent.post(`/api/orders/${order.id}/payment`)).status).toBe(404);
    expect((await t.request().post(`/api/orders/${order.id}/payment`)).status).toBe(401);

    const res = await buyer.agent.post(`/api/orders/${order.id}/payment`);
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ id: order.id, status: 'pending', number: order.number });
    const paid = await buyer.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
    const again = await buyer.agent.post(`/api/orders/${order.id}/payment`);
    expect(again.status).toBe(409);
  });

  it('Cancel: the owner cancels a pending order; another client gets 404, a paid order 409', async () => {
    const buyer = await agentFor('client');
    const order = await placeOrder(buyer, { paid: false });
    const other = await agentFor('client');
    expect((await other.agent.post(`/api/orders/${order.id}/cancel`)).status).toBe(404);
    expect((await t.request().post(`/api/orders/${order.id}/cancel`)).status).toBe(401);
    expect(await statusOf(order.id)).toBe('pending');

    const res = await buyer.agent.post(`/api/orders/${order.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', fulfilment: { cancelledAt: expect.any(String) } });
    // Its payment can no longer be used.
    const paidOrder = await placeOrder(buyer);
    const refused = await buyer.agent.post(`/api/orders/${paidOrder.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(await statusOf(paidOrder.id)).toBe('paid');
  });
});
