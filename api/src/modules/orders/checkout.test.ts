import { describe, expect, it } from 'vitest';
import { buildProduct, demoCards, validShipping } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { Order } from './order.model';
import { OrderItem } from './order-item.model';

const t = setupTestApp({ rateLimits: roomyRateLimits });

async function loggedInAgent() {
  const built = await buildUser(t.db, { email: `${uniqueName('buyer')}@example.com` });
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, user: built.user };
}

const ordersOf = (userId: string) => Order.query(t.db).where({ userId }).resultSize();

describe('POST /api/create-payment-intent (shop, demo provider)', () => {
  it('prices the cart on the server: three items at $19.99 → $59.97 + $5.10 tax = $65.07', async () => {
    const product = await buildProduct(t.db, { price: '19.99' });
    const { agent, user } = await loggedInAgent();
    const res = await agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 3 }], shipping: validShipping });
    expect(res.status).toBe(201);
    expect(res.body.clientSecret).toMatch(/^demo_pi_[\w-]+_secret_[\w-]+$/);
    expect(res.body.order).toMatchObject({
      status: 'pending',
      subtotalAmount: '59.97',
      taxAmount: '5.10',
      totalAmount: '65.07',
      shipping: validShipping,
      items: [{ productId: product.id, name: product.name, quantity: 3, price: '19.99', lineTotal: '59.97' }],
    });

    const order = await Order.query(t.db).findById(res.body.order.id);
    expect(order).toMatchObject({
      userId: user.id,
      status: 'pending',
      totalAmount: '65.07',
      paymentProvider: 'demo',
      shippingZipCode: '55401',
    });
    expect(order?.providerPaymentId).toBe(res.body.clientSecret.split('_secret_')[0]);
    const payment = await t.db('demo_payments').where({ id: order?.providerPaymentId }).first();
    expect(payment).toMatchObject({ amount: 6507, currency: 'usd', userId: user.id });
    expect(payment.metadata).toEqual({ purpose: 'order', order_id: order?.id, user_id: user.id });
    // The secret itself is never stored.
    expect(JSON.stringify(payment)).not.toContain(res.body.clientSecret);
  });

  it('rounds tax half-up to the cent across several lines', async () => {
    const a = await buildProduct(t.db, { price: '0.10' });
    const b = await buildProduct(t.db, { price: '1299.00' });
    const { agent } = await loggedInAgent();
    // 0.10 × 1 → tax 0.0085 → $0.01 (half-up); with $1,299.00 × 2: subtotal 2598.10, tax 220.8385 → 220.84.
    const res = await agent.post('/api/create-payment-intent').send({
      items: [
        { id: a.id, quantity: 1 },
        { id: b.id, quantity: 2 },
      ],
      shipping: validShipping,
    });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ subtotalAmount: '2598.10', taxAmount: '220.84', totalAmount: '2818.94' });
  });

  it('charges today’s price, whatever the client believes', async () => {
    const product = await buildProduct(t.db, { price: '250.00' });
    const { agent, user } = await loggedInAgent();
    const tampered = await agent.post('/api/create-payment-intent').send({
      items: [{ id: product.id, quantity: 1, price: '0.01' }],
      shipping: validShipping,
    });
    expect(tampered.status).toBe(400);
    const withTotal = await agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping, total: 1 });
    expect(withTotal.status).toBe(400);
    expect(await ordersOf(user.id)).toBe(0);

    const honest = await agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
    expect(honest.body.order.totalAmount).toBe('271.25');
  });

  it('needs a logged-in user', async () => {
    const product = await buildProduct(t.db);
    const res = await t
      .request()
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
    expect(res.status).toBe(401);
    expect(await OrderItem.query(t.db).where({ productId: product.id }).resultSize()).toBe(0);
  });
});

describe('bad checkout input: 4xx { message } and no order written', () => {
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const cases: [string, (ids: { inStock: string; outOfStock: string }) => unknown, string | RegExp][] = [
    [
      'an unknown product',
      () => ({ items: [{ id: unknownId, quantity: 1 }], shipping: validShipping }),
      /no longer available/,
    ],
    [
      'an out-of-stock product',
      (p) => ({ items: [{ id: p.outOfStock, quantity: 1 }], shipping: validShipping }),
      /is out of stock/,
    ],
    [
      'a zero quantity',
      (p) => ({ items: [{ id: p.inStock, quantity: 0 }], shipping: validShipping }),
      /quantity: Quantity must be a whole number from 1 to 99/,
    ],
    [
      'a negative quantity',
      (p) => ({ items: [{ id: p.inStock, quantity: -2 }], shipping: validShipping }),
      /Quantity must be/,
    ],
    [
      'a quantity over 99',
      (p) => ({ items: [{ id: p.inStock, quantity: 100 }], shipping: validShipping }),
      /Quantity must be/,
    ],
    [
      'a huge quantity',
      (p) => ({ items: [{ id: p.inStock, quantity: 1e308 }], shipping: validShipping }),
      /Quantity must be/,
    ],
    [
      'a fractional quantity',
      (p) => ({ items: [{ id: p.inStock, quantity: 1.5 }], shipping: validShipping }),
      /Quantity must be/,
    ],
    [
      'a numeric-string quantity',
      (p) => ({ items: [{ id: p.inStock, quantity: '2' }], shipping: validShipping }),
      /Quantity must be/,
    ],
    [
      'a duplicate product',
      (p) => ({
        items: [
          { id: p.inStock, quantity: 1 },
          { id: p.inStock, quantity: 2 },
        ],
        shipping: validShipping,
      }),
      /Each product may appear only once/,
    ],
    ['an empty cart', () => ({ items: [], shipping: validShipping }), /Your cart is empty/],
    ['items that are not a list', () => ({ items: 'everything', shipping: validShipping }), /items/],
    [
      'a non-uuid product id',
      () => ({ items: [{ id: '1; drop table orders', quantity: 1 }], shipping: validShipping }),
      /Invalid id/,
    ],
    [
      'too many lines',
      (p) => ({ items: Array.from({ length: 51 }, () => ({ id: p.inStock, quantity: 1 })), shipping: validShipping }),
      /at most 50/,
    ],
    ['no shipping', (p) => ({ items: [{ id: p.inStock, quantity: 1 }] }), /shipping/],
    [
      'a missing full name',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, fullName: '   ' } }),
      'shipping.fullName: Full name is required',
    ],
    [
      'a missing city',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, city: '' } }),
      'shipping.city: City is required',
    ],
    [
      'a short ZIP code',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, zipCode: '5540' } }),
      'shipping.zipCode: Valid ZIP code is required',
    ],
    [
      'a ZIP code with symbols',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, zipCode: '<5540>' } }),
      'shipping.zipCode: Valid ZIP code is required',
    ],
    [
      'an empty country',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, country: '' } }),
      'shipping.country: Country is required',
    ],
    [
      'a huge address',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, address: 'x'.repeat(5000) } }),
      /at most 200 characters/,
    ],
    [
      'a NUL in the name',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, fullName: 'A\u0000B' } }),
      /invalid characters/,
    ],
    [
      'an unknown shipping field',
      (p) => ({ items: [{ id: p.inStock, quantity: 1 }], shipping: { ...validShipping, phone: '555' } }),
      /Unrecognized key/,
    ],
    ['neither order nor consultation', () => ({ hello: 'world' }), /Send items and shipping/],
    ['a JSON array', () => [1, 2], /Send items and shipping/],
  ];

  it.each(cases)('%s', async (_label, body, message) => {
    const inStock = await buildProduct(t.db);
    const outOfStock = await buildProduct(t.db, { inStock: false });
    const { agent, user } = await loggedInAgent();
    const res = await agent
      .post('/api/create-payment-intent')
      .send(body({ inStock: inStock.id, outOfStock: outOfStock.id }) as object);
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body).toEqual({ message });
    else expect(res.body.message).toMatch(message);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it.each([
    ['form encoding', 'application/x-www-form-urlencoded', 'items=1', 415],
    ['plain text', 'text/plain', 'buy everything', 415],
    ['malformed JSON', 'application/json', '{"items": [', 400],
  ])('refuses %s', async (_label, type, body, status) => {
    const { agent, user } = await loggedInAgent();
    const res = await agent.post('/api/create-payment-intent').set('Content-Type', type).send(body);
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('refuses a body over 100 KB with 413', async () => {
    const product = await buildProduct(t.db);
    const { agent, user } = await loggedInAgent();
    const res = await agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: { ...validShipping, address: 'x'.repeat(150_000) } });
    expect(res.status).toBe(413);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('refuses totals above what can be charged online', async () => {
    const product = await buildProduct(t.db, { price: '99999.00' });
    const { agent, user } = await loggedInAgent();
    const res = await agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 99 }], shipping: validShipping });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cannot be paid online/);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('writes the order and its lines in one transaction: a failure half-way leaves nothing', async () => {
    const good = await buildProduct(t.db);
    const doomed = await buildProduct(t.db, { name: 'Doomed product' });
    // The database refuses the second line after the order and first line were written.
    await t.db.raw(`
      create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.product_name = 'Doomed product' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$;
      create trigger refuse_doomed before insert on order_items for each row execute function refuse_doomed();`);
    try {
      const { agent, user } = await loggedInAgent();
      const res = await agent.post('/api/create-payment-intent').send({
        items: [
          { id: good.id, quantity: 1 },
          { id: doomed.id, quantity: 1 },
        ],
        shipping: validShipping,
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal Server Error' });
      expect(await ordersOf(user.id)).toBe(0);
      expect(await OrderItem.query(t.db).where({ productId: good.id }).resultSize()).toBe(0);
      expect(await t.db('demo_payments').where({ userId: user.id })).toHaveLength(0);
    } finally {
      await t.db.raw('drop trigger refuse_doomed on order_items; drop function refuse_doomed();');
    }
  });
});

describe('demo payments', () => {
  async function pendingOrder(price = '100.00') {
    const product = await buildProduct(t.db, { price });
    const buyer = await loggedInAgent();
    const res = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
    expect(res.status).toBe(201);
    return { ...buyer, clientSecret: res.body.clientSecret as string, orderId: res.body.order.id as string };
  }

  it('a test card that succeeds marks the order paid, on the server', async () => {
    await buildUser(t.db, { accountType: 'staff', email: 'orders.desk@example.com' });
    const { agent, clientSecret, orderId } = await pendingOrder();
    const res = await agent.post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.succeeds });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'succeeded', paymentId: clientSecret.split('_secret_')[0] });
    const order = await Order.query(t.db).findById(orderId);
    expect(order?.status).toBe('paid');
    expect(order?.paidAt).toBeInstanceOf(Date);

    // The receipt and the staff alert were queued in the payment's transaction.
    const [receipt] = await t.db('mails').where({ idempotencyKey: `order-receipt:${orderId}` });
    expect(receipt).toMatchObject({ template: 'order-receipt', status: 'queued' });
    expect(receipt.data).toMatchObject({
      orderId,
      orderNumber: expect.stringMatching(/^NS-\d{5,}$/),
      lines: [{ quantity: 1, unitPrice: '100.00', lineTotal: '100.00' }],
      subtotal: '100.00',
      tax: '8.50',
      taxLabel: 'State Tax (8.5%)',
      total: '108.50',
      shipping: validShipping,
    });
    const staff = await t.db('mails').where({ idempotencyKey: `staff-order-paid:${orderId}` });
    expect(staff.map((m) => m.recipient)).toEqual(['orders.desk@example.com']);

    const again = await agent.post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.succeeds });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This payment has already been completed.' });
  });

  it('a declined card answers 402 with Stripe’s message and marks the order payment_failed; a retry can still pay', async () => {
    const { agent, clientSecret, orderId } = await pendingOrder();
    const declined = await agent.post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.declined });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: 'Your card was declined.' });
    expect((await Order.query(t.db).findById(orderId))?.status).toBe('payment_failed');

    const poor = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret, card: demoCards.insufficientFunds });
    expect(poor.body).toEqual({ message: 'Your card has insufficient funds.' });

    const paid = await agent.post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    expect((await Order.query(t.db).findById(orderId))?.status).toBe('paid');
  });

  it('refuses a real-looking card number, bad card fields and past expiry without touching the order', async () => {
    const { agent, clientSecret, orderId } = await pendingOrder();
    const realCard = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret, card: { cardNumber: '4111 1111 1111 1111', expiry: '12/34', cvc: '123' } });
    expect(realCard.status).toBe(402);
    expect(realCard.body.message).toMatch(/only Stripe test cards/);
    await Order.query(t.db).patch({ status: 'pending' }).where({ id: orderId });

    for (const [card, message] of [
      [{ ...demoCards.succeeds, cardNumber: '4242 4242 4242 4241' }, 'card.cardNumber: Your card number is invalid.'],
      [{ ...demoCards.succeeds, cardNumber: '4242' }, 'card.cardNumber: Your card number is incomplete.'],
      [{ ...demoCards.succeeds, expiry: '13/30' }, "card.expiry: Your card's expiration date is incomplete."],
      [{ ...demoCards.succeeds, expiry: '01/20' }, "Your card's expiration date is in the past."],
      [{ ...demoCards.succeeds, cvc: '1' }, "card.cvc: Your card's security code is incomplete."],
    ] as const) {
      const res = await agent.post('/api/demo-payments/confirm').send({ clientSecret, card });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect((await Order.query(t.db).findById(orderId))?.status).toBe('pending');
  });

  it('a payment belongs to its buyer: another user, or a wrong secret, finds nothing', async () => {
    const { clientSecret, orderId } = await pendingOrder();
    const { agent: other } = await loggedInAgent();
    const stolen = await other.post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.succeeds });
    expect(stolen.status).toBe(404);
    const { agent: owner } = await loggedInAgent();
    const forged = await owner
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: `${clientSecret.split('_secret_')[0]}_secret_guess`, card: demoCards.succeeds });
    expect(forged.status).toBe(404);
    expect((await Order.query(t.db).findById(orderId))?.status).toBe('pending');
  });

  it('two confirmations racing pay once', async () => {
    const { agent, clientSecret, orderId } = await pendingOrder();
    const results = await Promise.all(
      [1, 2, 3].map(() => agent.post('/api/demo-payments/confirm').send({ clientSecret, card: demoCards.succeeds })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await Order.query(t.db).findById(orderId))?.status).toBe('paid');
  });
});

describe('GET /api/orders and /api/orders/:id', () => {
  it('lists only the caller’s orders, newest first, and hides everyone else’s', async () => {
    const product = await buildProduct(t.db, { price: '10.00' });
    const alice = await loggedInAgent();
    const bob = await loggedInAgent();
    const first = await alice.agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
    const second = await alice.agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 2 }], shipping: validShipping });
    const bobs = await bob.agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 5 }], shipping: validShipping });

    const list = await alice.agent.get('/api/orders');
    expect(list.status).toBe(200);
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([second.body.order.id, first.body.order.id]);
    expect(list.body[0]).toEqual({
      id: second.body.order.id,
      number: second.body.order.number,
      status: 'pending',
      createdAt: expect.any(String),
      subtotalAmount: '20.00',
      taxAmount: '1.70',
      totalAmount: '21.70',
      itemCount: 2,
      carrier: null,
      trackingNumber: null,
    });

    const own = await alice.agent.get(`/api/orders/${first.body.order.id}`);
    expect(own.status).toBe(200);
    expect(own.body.items).toHaveLength(1);
    const foreign = await alice.agent.get(`/api/orders/${bobs.body.order.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Order not found' });
    expect((await alice.agent.get('/api/orders/not-a-uuid')).status).toBe(404);
  });

  it('answers 401 when logged out', async () => {
    expect((await t.request().get('/api/orders')).status).toBe(401);
    expect((await t.request().get('/api/orders/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});
