import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildProduct, demoCards, validShipping } from '../../test/commerce-factories';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { STAFF_RESET_REFUSED } from './customers.routes';

const t = setupTestApp({
  rateLimits: { ...roomyRateLimits, passwordResetPerAccount: limitInOneWindow(2) },
});

async function agentFor(accountType: 'client' | 'staff', options: { firstName?: string; email?: string | null } = {}) {
  const built = await buildUser(t.db, {
    accountType,
    email: options.email === undefined ? `${uniqueName(accountType)}@example.com` : options.email,
    firstName: options.firstName,
  });
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, user: built.user };
}

describe('GET /api/admin/customers', () => {
  it('anonymous 401, a client 403, staff 200', async () => {
    expect((await t.request().get('/api/admin/customers')).status).toBe(401);
    const client = await agentFor('client');
    expect((await client.agent.get('/api/admin/customers')).status).toBe(403);
    const staff = await agentFor('staff');
    expect((await staff.agent.get('/api/admin/customers')).status).toBe(200);
  });

  it('searches a part of the name, username or email; lists clients only, newest first, in cursor pages', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.unshift(
        (await agentFor('client', { firstName: `Searchable${i}`, email: `searchable.${i}@corp.example` })).user,
      );
    }
    const staff = await agentFor('staff', { firstName: 'Searchable staff' });
    const list = async (query: Record<string, string | number>) =>
      (await staff.agent.get('/api/admin/customers').query(query)).body as {
        customers: { id: string; email: string; orderCount: number }[];
        nextCursor: string | null;
        prevCursor: string | null;
      };
    const all = await list({ q: 'searchable' });
    expect(all.customers.map((c) => c.id)).toEqual(made.map((u) => u.id));
    expect((await list({ q: 'SEARCHABLE.3@CORP' })).customers.map((c) => c.id)).toEqual([made[1]!.id]);
    expect((await list({ q: made[4]!.username })).customers.map((c) => c.id)).toEqual([made[4]!.id]);

    const first = await list({ q: 'searchable', limit: 2 });
    const second = await list({ q: 'searchable', limit: 2, cursor: first.nextCursor! });
    const third = await list({ q: 'searchable', limit: 2, cursor: second.nextCursor! });
    expect([...first.customers, ...second.customers, ...third.customers].map((c) => c.id)).toEqual(
      made.map((u) => u.id),
    );
    expect(third.nextCursor).toBeNull();
    const back = await list({ q: 'searchable', limit: 2, cursor: third.prevCursor! });
    expect(back.customers.map((c) => c.id)).toEqual(second.customers.map((c) => c.id));
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ cursor: '***' }, 'cursor'],
    [{ cursor: Buffer.from('x').toString('base64url') }, 'cursor'],
    [{ q: 'q'.repeat(101) }, 'q'],
    [{ role: 'staff' }, 'role'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const staff = await agentFor('staff');
    const res = await staff.agent.get('/api/admin/customers').query(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('anonymous 401, a client (even themselves) 403, unknown 404; staff see the account and its history', async () => {
    const client = await agentFor('client', { firstName: 'Hedy', email: 'hedy@example.com' });
    const product = await buildProduct(t.db, { price: '20.00' });
    const checkout = await client.agent
      .post('/api/create-payment-intent')
      .send({ items: [{ id: product.id, quantity: 1 }], shipping: validShipping });
    await client.agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: checkout.body.clientSecret, card: demoCards.succeeds });
    await t.db('enquiries').insert({
      name: 'Hedy',
      email: 'HEDY@example.com',
      service: 'Other',
      message: 'A question',
    });
    await t.db('tickets').insert({
      userId: client.user.id,
      name: 'Hedy',
      email: 'hedy@example.com',
      service: 'Cloud',
      message: 'Help',
      status: 'pending',
    });
    await t.db('chat_conversations').insert({ visitorId: randomUUID(), visitorName: 'Hedy', userId: client.user.id });
    // Enquiries are found by email only once the address is confirmed.
    await t.db('users').where({ id: client.user.id }).update({ emailVerifiedAt: new Date() });

    expect((await t.request().get(`/api/admin/customers/${client.user.id}`)).status).toBe(401);
    expect((await client.agent.get(`/api/admin/customers/${client.user.id}`)).status).toBe(403);
    const staff = await agentFor('staff');
    expect((await staff.agent.get(`/api/admin/customers/${randomUUID()}`)).status).toBe(404);
    expect((await staff.agent.get('/api/admin/customers/nope')).status).toBe(404);

    const res = await staff.agent.get(`/api/admin/customers/${client.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.account).toEqual({
      id: client.user.id,
      username: client.user.username,
      name: 'Hedy',
      firstName: 'Hedy',
      lastName: null,
      email: 'hedy@example.com',
      emailVerified: true,
      accountType: 'client',
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    expect(res.body.orders).toEqual([
      {
        id: checkout.body.order.id,
        number: checkout.body.order.number,
        status: 'paid',
        totalAmount: '21.70',
        createdAt: expect.any(String),
      },
    ]);
    expect(res.body.enquiries).toHaveLength(1);
    expect(res.body.serviceRequests).toHaveLength(1);
    expect(res.body.chats).toHaveLength(1);
    expect(res.body.timeline.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ['account', 'chat', 'enquiry', 'order', 'service_request'].sort(),
    );
    const entry = (kind: string) =>
      res.body.timeline.find((e: { kind: string }) => e.kind === kind) as { title: string; link: string | null };
    expect(entry('order')).toMatchObject({
      title: `${checkout.body.order.number} · $21.70`,
      link: `/admin/orders/${checkout.body.order.id}`,
    });
    // Every entry with a console screen links to it.
    // The ticket's number, as the client quotes it (decision 181).
    expect(res.body.serviceRequests[0].number).toMatch(/^T-\d{5,}$/);
    expect(entry('service_request')).toMatchObject({
      title: `${res.body.serviceRequests[0].number} · Cloud`,
      link: `/admin/service-requests?id=${res.body.serviceRequests[0].id}`,
    });
    expect(entry('enquiry').link).toBe(`/admin/enquiries?id=${res.body.enquiries[0].id}`);
  });
});

describe('GET /api/admin/customers/:id matches by email only a confirmed address', () => {
  it("an account that merely signed up with someone's address is not shown their enquiries or chats", async () => {
    const squatter = await agentFor('client', { email: 'victim.addr@example.com' });
    await t.db('enquiries').insert({
      name: 'Victim',
      email: 'Victim.Addr@example.com',
      service: 'Other',
      message: 'My private question',
    });
    await t.db('chat_conversations').insert({
      visitorId: randomUUID(),
      visitorName: 'Victim',
      visitorEmail: 'victim.addr@example.com',
    });
    const staff = await agentFor('staff');
    const res = await staff.agent.get(`/api/admin/customers/${squatter.user.id}`);
    expect(res.body.account.emailVerified).toBe(false);
    expect(res.body.enquiries).toEqual([]);
    expect(res.body.chats).toEqual([]);
    expect(res.body.timeline.map((e: { kind: string }) => e.kind)).toEqual(['account']);

    await t.db('users').where({ id: squatter.user.id }).update({ emailVerifiedAt: new Date() });
    const confirmed = await staff.agent.get(`/api/admin/customers/${squatter.user.id}`);
    expect(confirmed.body.enquiries).toHaveLength(1);
    expect(confirmed.body.chats).toHaveLength(1);
  });
});

describe('POST /api/admin/customers/:id/password-reset', () => {
  it('emails the customer the reset link; staff see no secret; refused without an email (409) and past the limit (429)', async () => {
    const client = await agentFor('client', { email: 'forgetful@example.com' });
    const path = `/api/admin/customers/${client.user.id}/password-reset`;
    expect((await t.request().post(path)).status).toBe(401);
    expect((await client.agent.post(path)).status).toBe(403);
    const staff = await agentFor('staff');
    expect((await staff.agent.post(`/api/admin/customers/${randomUUID()}/password-reset`)).status).toBe(404);

    const res = await staff.agent.post(path);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'A password reset link was emailed to forgetful@example.com.' });
    const mails = await t.db('mails').where({ template: 'password-reset', recipient: 'forgetful@example.com' });
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain('token');

    expect((await staff.agent.post(path)).status).toBe(202);
    const limited = await staff.agent.post(path);
    expect(limited.status).toBe(429);
    expect(await t.db('mails').where({ template: 'password-reset', recipient: 'forgetful@example.com' })).toHaveLength(
      2,
    );

    const noEmail = await agentFor('client', { email: null });
    const refused = await staff.agent.post(`/api/admin/customers/${noEmail.user.id}/password-reset`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This customer has no email address to send a reset link to.' });
  });

  it("refuses a staff account (403) and mails nothing: no staff member can send themselves into another's account", async () => {
    const staff = await agentFor('staff');
    const colleague = await agentFor('staff', { email: 'colleague@example.com' });
    const res = await staff.agent.post(`/api/admin/customers/${colleague.user.id}/password-reset`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: STAFF_RESET_REFUSED });
    expect(await t.db('mails').where({ recipient: 'colleague@example.com' })).toHaveLength(0);
    expect(await t.db('account_tokens').where({ userId: colleague.user.id })).toHaveLength(0);
    // Their own account too: a staff member resets it from the login page like anyone.
    expect((await staff.agent.post(`/api/admin/customers/${staff.user.id}/password-reset`)).status).toBe(403);
  });
});

describe('a cancelled subscription on the customer page (issue 29)', () => {
  it('says it is cancelled at the period end, so the page does not read "active, until …"', async () => {
    const { user } = await agentFor('client');
    const staff = await agentFor('staff');
    await t.db('subscriptions').insert({
      userId: user.id,
      provider: 'demo',
      providerSubscriptionId: `demo_sub_${randomUUID()}`,
      status: 'active',
      currentPeriodEnd: new Date('2026-12-26T00:00:00Z'),
      cancelAtPeriodEnd: true,
      canceledAt: new Date(),
      providerCreatedAt: new Date(),
    });
    const res = await staff.agent.get(`/api/admin/customers/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.subscription).toEqual({
      plan: null,
      status: 'active',
      currentPeriodEnd: '2026-12-26T00:00:00.000Z',
      cancelAtPeriodEnd: true,
    });
  });
});
