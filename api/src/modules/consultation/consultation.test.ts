import { describe, expect, it } from 'vitest';
import { demoCards } from '../../test/commerce-factories';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { applyConsultationPayment } from './consultation.service';

const t = setupTestApp({ rateLimits: { ...roomyRateLimits, paymentIntentsPerUser: limitInOneWindow(4) } });

const consultation = { amount: 19900, description: 'Technical Consultation - 1 Hour' };

async function client(email: string | null = null) {
  const built = await buildUser(t.db, { firstName: 'Linus', email });
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, user: built.user };
}

const requestsOf = (userId: string) => t.db('tickets').where({ userId });

describe('the paid consultation (demo provider)', () => {
  it('charges exactly $199 and, once paid, creates one pending service request for the client', async () => {
    const { agent, user } = await client();
    const res = await agent.post('/api/create-payment-intent').send(consultation);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['clientSecret']);
    const paymentId = (res.body.clientSecret as string).split('_secret_')[0];
    const payment = await t.db('demo_payments').where({ id: paymentId }).first();
    expect(payment).toMatchObject({ amount: 19900, description: 'Technical Consultation - 1 Hour' });
    expect(payment.metadata).toEqual({ purpose: 'consultation', user_id: user.id });
    expect(await requestsOf(user.id)).toHaveLength(0);

    const declined = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.declined });
    expect(declined.status).toBe(402);
    expect(await requestsOf(user.id)).toHaveLength(0);

    const paid = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    const again = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(again.status).toBe(409);

    const rows = await requestsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      service: 'Technical Consultation - 1 Hour',
      status: 'pending',
      name: 'Linus',
      providerPaymentId: paymentId,
    });

    const list = await agent.get('/api/service-requests');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: rows[0].id,
        number: `T-${rows[0].number}`,
        service: 'Technical Consultation - 1 Hour',
        status: 'pending',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('files one service request per payment, however often its outcome is applied', async () => {
    const { user } = await client('linus.booked@example.com');
    const outcome = {
      provider: 'stripe' as const,
      paymentId: 'pi_applied_twice',
      status: 'succeeded' as const,
      amountCents: 19900,
      currency: 'usd',
      metadata: { purpose: 'consultation', user_id: user.id },
    };
    const staff = { staffAlertEmails: ['desk@example.com'] };
    await t.db.transaction((trx) => applyConsultationPayment(trx, outcome, t.deps.logger, staff));
    await t.db.transaction((trx) => applyConsultationPayment(trx, outcome, t.deps.logger, staff));
    const rows = await requestsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', name: 'Linus', providerPaymentId: 'pi_applied_twice' });
    // Its mails, once: the client's confirmation and the staff alert.
    const mails = await t.db('mails').where('idempotencyKey', 'like', '%:pi_applied_twice').orderBy('template');
    expect(mails.map((m) => [m.template, m.recipient])).toEqual([
      ['consultation-booked', 'linus.booked@example.com'],
      ['staff-consultation-paid', 'desk@example.com'],
    ]);
  });

  it('keeps the payment id and the instruction to staff out of everything the client reads (decision 181)', async () => {
    const { agent, user } = await client('linus.private@example.com');
    const outcome = {
      provider: 'demo' as const,
      paymentId: 'demo_pi_private_0001',
      status: 'succeeded' as const,
      amountCents: 19900,
      currency: 'usd',
      metadata: { purpose: 'consultation', user_id: user.id },
    };
    await t.db.transaction((trx) => applyConsultationPayment(trx, outcome, t.deps.logger, { staffAlertEmails: [] }));
    const [row] = await requestsOf(user.id);
    const staffOnly = /demo_pi_|payment id|Contact the client/i;

    const thread = await agent.get(`/api/service-requests/${row.id}`);
    expect(thread.status).toBe(200);
    expect(thread.body.request.message).toBe(
      'Paid one-hour technical consultation ($199.00). We will contact you to agree a time.',
    );
    expect(JSON.stringify(thread.body)).not.toMatch(staffOnly);
    expect(JSON.stringify((await agent.get('/api/service-requests')).body)).not.toMatch(staffOnly);

    // Staff read it as an internal note by the system.
    const staffAgent = t.agent();
    await logIn(staffAgent, await buildUser(t.db, { accountType: 'staff', staffRole: 'support' }));
    const asStaff = await staffAgent.get(`/api/service-requests/${row.id}`);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.events).toEqual([
      expect.objectContaining({
        kind: 'note',
        author: { type: 'system', name: 'Payments' },
        message: 'Paid by payment demo_pi_private_0001. Contact the client to schedule it.',
      }),
    ]);
  });

  it('asks what it is about and when suits the client before the payment, and shows staff both on the ticket (decision 200)', async () => {
    const { agent, user } = await client('linus.topic@example.com');
    // After the cases that count alert recipients: this staff member is mailed every later alert.
    const staff = await buildUser(t.db, { accountType: 'staff', staffRole: 'support', email: 'consults@example.com' });
    const res = await agent.post('/api/create-payment-intent').send({
      ...consultation,
      topic: '  Our warehouse Wi-Fi drops scanners near the loading dock.  ',
      preferredTimes: 'Tuesday or Thursday mornings, Central Time',
    });
    expect(res.status).toBe(201);
    const paymentId = (res.body.clientSecret as string).split('_secret_')[0];
    // Kept on our side with the payment, before any money moved; the price is still the server's.
    expect(await t.db('consultation_bookings').where({ paymentId })).toEqual([
      expect.objectContaining({
        userId: user.id,
        topic: 'Our warehouse Wi-Fi drops scanners near the loading dock.',
        preferredTimes: 'Tuesday or Thursday mornings, Central Time',
      }),
    ]);
    expect((await t.db('demo_payments').where({ id: paymentId }).first()).amount).toBe(19900);

    const paid = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    const [row] = await requestsOf(user.id);
    const staffAgent = t.agent();
    await logIn(staffAgent, staff);
    const asStaff = await staffAgent.get(`/api/service-requests/${row.id}`);
    expect(asStaff.body.booking).toEqual({
      topic: 'Our warehouse Wi-Fi drops scanners near the loading dock.',
      preferredTimes: 'Tuesday or Thursday mornings, Central Time',
    });
    expect(asStaff.body.request.message).toBe(
      'Paid one-hour technical consultation ($199.00). We will contact you to agree a time.\n\n' +
        'Topic: Our warehouse Wi-Fi drops scanners near the loading dock.\n\n' +
        'Preferred times: Tuesday or Thursday mornings, Central Time',
    );
    // The client sees what they wrote, and still nothing meant for staff.
    const asClient = await agent.get(`/api/service-requests/${row.id}`);
    expect(asClient.body.booking).toEqual(asStaff.body.booking);
    expect(JSON.stringify(asClient.body)).not.toMatch(/demo_pi_|Contact the client/);
    const [alert] = await t.db('mails').where({ idempotencyKey: `staff-consultation-paid:${paymentId}` });
    expect(alert).toMatchObject({
      recipient: 'consults@example.com',
      data: expect.objectContaining({
        topic: 'Our warehouse Wi-Fi drops scanners near the loading dock.',
        preferredTimes: 'Tuesday or Thursday mornings, Central Time',
      }),
    });
  });

  it("books with the spec's bare body too: no topic, no times, shown as such", async () => {
    const { agent, user } = await client();
    const res = await agent.post('/api/create-payment-intent').send({ ...consultation, preferredTimes: '' });
    expect(res.status).toBe(201);
    const paymentId = (res.body.clientSecret as string).split('_secret_')[0];
    expect(await t.db('consultation_bookings').where({ paymentId })).toEqual([
      expect.objectContaining({ userId: user.id, topic: null, preferredTimes: null }),
    ]);
  });

  it.each([
    [{ ...consultation, topic: '   ' }, 'topic: Tell us what the consultation is about'],
    [{ ...consultation, topic: 'x'.repeat(501) }, 'topic: Topic must be at most 500 characters'],
    [{ ...consultation, topic: 42 }, 'topic: Invalid input: expected string, received number'],
    [
      { ...consultation, topic: 'Wi-Fi', preferredTimes: 'y'.repeat(501) },
      'preferredTimes: Preferred times must be at most 500 characters',
    ],
    [{ ...consultation, topic: 'Wi-Fi', price: 1 }, 'Unrecognized key: "price"'],
  ])('refuses the booking %j with 400, and keeps nothing', async (body, message) => {
    const { agent, user } = await client();
    const res = await agent.post('/api/create-payment-intent').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.db('demo_payments').where({ userId: user.id })).toHaveLength(0);
    expect(await t.db('consultation_bookings').where({ userId: user.id })).toHaveLength(0);
  });

  it.each([
    [{ amount: 100, description: consultation.description }, 'amount: The consultation costs $199.00 (amount 19900)'],
    [
      { amount: '19900', description: consultation.description },
      'amount: The consultation costs $199.00 (amount 19900)',
    ],
    [
      { amount: 19900, description: 'Free consultation' },
      'description: description must be "Technical Consultation - 1 Hour"',
    ],
    [{ amount: 19900 }, 'description: description must be "Technical Consultation - 1 Hour"'],
    [{ ...consultation, currency: 'eur' }, 'Unrecognized key: "currency"'],
  ])('refuses %j with 400 and creates no payment', async (body, message) => {
    const { agent, user } = await client();
    const res = await agent.post('/api/create-payment-intent').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await t.db('demo_payments').where({ userId: user.id })).toHaveLength(0);
  });

  it('needs a logged-in client', async () => {
    const res = await t.request().post('/api/create-payment-intent').send(consultation);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('limits how many payments a user may start', async () => {
    const { agent } = await client();
    for (let i = 0; i < 4; i += 1) {
      expect((await agent.post('/api/create-payment-intent').send(consultation)).status).toBe(201);
    }
    const blocked = await agent.post('/api/create-payment-intent').send(consultation);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many payment attempts. Please wait a while and try again.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/service-requests', () => {
  it('returns only the caller’s requests, newest first, and 401 when logged out', async () => {
    const { agent, user } = await client();
    const { user: other } = await client();
    const base = { email: 'x@example.com', message: 'Please call', status: 'pending' };
    await t.db('tickets').insert([
      {
        ...base,
        userId: user.id,
        name: 'A',
        service: 'Field IT Services',
        createdAt: new Date('2026-01-01T10:00:00Z'),
      },
      {
        ...base,
        userId: user.id,
        name: 'A',
        service: 'Cybersecurity Solutions',
        status: 'completed',
        createdAt: new Date('2026-02-01T10:00:00Z'),
      },
      { ...base, userId: other.id, name: 'B', service: 'Low Voltage Cabling' },
      { ...base, userId: null, name: 'Anonymous', service: 'General Inquiry' },
    ]);
    const res = await agent.get('/api/service-requests');
    expect(res.body.map((r: { service: string; status: string }) => [r.service, r.status])).toEqual([
      ['Cybersecurity Solutions', 'completed'],
      ['Field IT Services', 'pending'],
    ]);
    expect(res.body[0].createdAt).toBe('2026-02-01T10:00:00.000Z');
    expect((await t.request().get('/api/service-requests')).status).toBe(401);
  });
});

describe('payment configuration', () => {
  it('uses the demo provider outside production without Stripe keys, and has no webhook', async () => {
    expect((await t.request().get('/api/payment-config')).body).toEqual({ provider: 'demo' });
    const webhook = await t.request().post('/api/stripe/webhook').set('Stripe-Signature', 't=1,v1=x').send({});
    expect(webhook.status).toBe(404);
  });
});
