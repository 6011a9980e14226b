import { DEFAULT_SERVICE_LEVELS } from '@shared/schemas/service-levels';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, type StaffRole } from '@shared/staff-roles';
import {
  adminPaths,
  permissionsMarkdownList,
  permissionsMarkdownTable,
  roleMayCall,
  type AdminPath,
} from './admin-permissions';
import { appRouter } from './app';
import { Enquiry } from './modules/enquiries/enquiry.model';
import { User } from './modules/users/user.model';
import { buildProduct } from './test/commerce-factories';
import { roomyRateLimits } from './test/config';
import { buildUser, logIn } from './test/factories';
import { clientWithPaidOrder, clientWithPendingOrder, type ClientWithOrder } from './test/order-factories';
import { setupTestApp } from './test/test-app';
import { buildTicket } from './test/ticket-factories';

/**
 * The permission matrix (decision 167): every /api/admin route of the real
 * router is in admin-permissions.ts and the other way round, and every row
 * answers anonymous 401, a client 403 and each staff role as the table says.
 */
const t = setupTestApp({ rateLimits: roomyRateLimits, adminToken: 'matrix-admin-token' });

type Agent = ReturnType<typeof t.agent>;
type Caller = 'anonymous' | 'client' | StaffRole;
const agents = {} as Record<Caller, Agent>;

interface Records {
  product: string;
  paidOrder: ClientWithOrder;
  customer: string;
  enquiry: string;
  ticket: string;
  /** A staff member the staff-management rows act on (not one of the callers). */
  staffMember: string;
  /** A personal canned reply of `staffMember`. */
  cannedReply: string;
  chat: string;
  inboundEmail: string;
}
const records = {} as Records;

/** The call each row is tried with: real records, and a body valid enough to get past the permission check. */
const calls: Record<string, (r: Records) => { url: string; body?: object }> = {
  'GET /api/admin/dashboard': () => ({ url: '/api/admin/dashboard' }),
  'GET /api/admin/staff-members': () => ({ url: '/api/admin/staff-members' }),
  'GET /api/admin/orders': () => ({ url: '/api/admin/orders' }),
  'GET /api/admin/orders/:id': (r) => ({ url: `/api/admin/orders/${r.paidOrder.orderId}` }),
  'PATCH /api/admin/orders/:id': (r) => ({
    url: `/api/admin/orders/${r.paidOrder.orderId}`,
    body: { status: 'processing' },
  }),
  'GET /api/admin/orders/:id/refunds': (r) => ({ url: `/api/admin/orders/${r.paidOrder.orderId}/refunds` }),
  'POST /api/admin/orders/:id/refunds': (r) => ({
    url: `/api/admin/orders/${r.paidOrder.orderId}/refunds`,
    body: { amount: '1.00' },
  }),
  'GET /api/admin/customers': () => ({ url: '/api/admin/customers' }),
  'GET /api/admin/customers/:id': (r) => ({ url: `/api/admin/customers/${r.customer}` }),
  'POST /api/admin/customers/:id/password-reset': (r) => ({ url: `/api/admin/customers/${r.customer}/password-reset` }),
  'GET /api/admin/contact-messages': () => ({ url: '/api/admin/contact-messages' }),
  'GET /api/admin/enquiries': () => ({ url: '/api/admin/enquiries' }),
  'GET /api/admin/enquiries/:id': (r) => ({ url: `/api/admin/enquiries/${r.enquiry}` }),
  'PATCH /api/admin/enquiries/:id': (r) => ({ url: `/api/admin/enquiries/${r.enquiry}`, body: { status: 'closed' } }),
  'POST /api/admin/enquiries/:id/replies': (r) => ({
    url: `/api/admin/enquiries/${r.enquiry}/replies`,
    body: { message: 'Thanks, we will call you.' },
  }),
  'POST /api/admin/enquiries/:id/convert': (r) => ({ url: `/api/admin/enquiries/${r.enquiry}/convert` }),
  'GET /api/admin/service-requests': () => ({ url: '/api/admin/service-requests' }),
  'GET /api/admin/service-requests/:id': (r) => ({ url: `/api/admin/service-requests/${r.ticket}` }),
  'PATCH /api/admin/service-requests/:id': (r) => ({
    url: `/api/admin/service-requests/${r.ticket}`,
    body: { status: 'in_progress' },
  }),
  'POST /api/admin/service-requests/:id/client': (r) => ({
    url: `/api/admin/service-requests/${r.ticket}/client`,
    body: { clientId: r.customer },
  }),
  'POST /api/admin/service-requests/:id/consultation': (r) => ({
    url: `/api/admin/service-requests/${r.ticket}/consultation`,
    body: { date: '2999-01-01', time: '10:00', timeZone: 'UTC', durationMinutes: 60 },
  }),
  'GET /api/admin/products': () => ({ url: '/api/admin/products' }),
  'GET /api/admin/products/:id': (r) => ({ url: `/api/admin/products/${r.product}` }),
  'POST /api/admin/products': () => ({
    url: '/api/admin/products',
    body: { name: `Matrix switch ${randomUUID()}`, category: 'Networking', description: 'A switch.', price: '10.00' },
  }),
  'PATCH /api/admin/products/:id': (r) => ({ url: `/api/admin/products/${r.product}`, body: { price: '21.00' } }),
  'POST /api/admin/products/:id/image': (r) => ({ url: `/api/admin/products/${r.product}/image`, body: {} }),
  'POST /api/admin/seed-products': () => ({ url: '/api/admin/seed-products' }),
  'GET /api/admin/outbox': () => ({ url: '/api/admin/outbox' }),
  'GET /api/admin/outbox/:id': () => ({ url: `/api/admin/outbox/${randomUUID()}` }),
  'GET /api/admin/outbox/:id/attachments/:attachmentId': () => ({
    url: `/api/admin/outbox/${randomUUID()}/attachments/${randomUUID()}`,
  }),
  'GET /api/admin/inbound-emails/:id': (r) => ({ url: `/api/admin/inbound-emails/${r.inboundEmail}` }),
  'GET /api/admin/inbound-emails/:id/raw': (r) => ({ url: `/api/admin/inbound-emails/${r.inboundEmail}/raw` }),
  'GET /api/admin/staff': () => ({ url: '/api/admin/staff' }),
  'PATCH /api/admin/staff/:id': (r) => ({ url: `/api/admin/staff/${r.staffMember}`, body: { role: 'sales' } }),
  'POST /api/admin/staff/:id/2fa/reset': (r) => ({ url: `/api/admin/staff/${r.staffMember}/2fa/reset` }),
  'GET /api/admin/staff/invitations': () => ({ url: '/api/admin/staff/invitations' }),
  'POST /api/admin/staff/invitations': () => ({
    url: '/api/admin/staff/invitations',
    body: { email: 'matrix-invitee@example.com', role: 'support' },
  }),
  'DELETE /api/admin/staff/invitations/:id': () => ({ url: `/api/admin/staff/invitations/${randomUUID()}` }),
  'GET /api/admin/audit-log': () => ({ url: '/api/admin/audit-log' }),
  'GET /api/admin/reports/support': () => ({
    url: '/api/admin/reports/support?from=2026-01-01&to=2026-03-31&interval=month',
  }),
  'GET /api/admin/reports/sales': () => ({
    url: '/api/admin/reports/sales?from=2026-01-01&to=2026-03-31&interval=month',
  }),
  'GET /api/admin/settings/business-hours': () => ({ url: '/api/admin/settings/business-hours' }),
  'PUT /api/admin/settings/business-hours': () => ({
    url: '/api/admin/settings/business-hours',
    body: {
      timeZone: 'America/Chicago',
      weekly: [{ day: 'monday', opens: '09:00', closes: '17:00' }],
      holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
    },
  }),
  'GET /api/admin/canned-replies': () => ({ url: '/api/admin/canned-replies' }),
  'GET /api/admin/canned-replies/variables': (r) => ({
    url: `/api/admin/canned-replies/variables?enquiryId=${r.enquiry}`,
  }),
  'POST /api/admin/canned-replies': () => ({
    url: '/api/admin/canned-replies',
    body: { shortcut: `matrix-${randomUUID().slice(0, 8)}`, title: 'Matrix', body: 'Hello {{customer.firstName}}' },
  }),
  // Someone else's personal reply: 404 for every role that may use canned replies, as if it did not exist.
  'PATCH /api/admin/canned-replies/:id': (r) => ({
    url: `/api/admin/canned-replies/${r.cannedReply}`,
    body: { title: 'Changed' },
  }),
  'DELETE /api/admin/canned-replies/:id': () => ({ url: `/api/admin/canned-replies/${randomUUID()}` }),
  'GET /api/admin/settings/service-levels': () => ({ url: '/api/admin/settings/service-levels' }),
  'PUT /api/admin/settings/service-levels': () => ({
    url: '/api/admin/settings/service-levels',
    body: DEFAULT_SERVICE_LEVELS,
  }),
  'GET /api/admin/settings/plan-priorities': () => ({ url: '/api/admin/settings/plan-priorities' }),
  'PUT /api/admin/settings/plan-priorities': () => ({
    url: '/api/admin/settings/plan-priorities',
    body: { Enterprise: 'urgent', Professional: 'high' },
  }),
  'GET /api/admin/settings/assignment': () => ({ url: '/api/admin/settings/assignment' }),
  'PUT /api/admin/settings/assignment': () => ({
    url: '/api/admin/settings/assignment',
    body: { autoAssign: false, capacity: 12, offlineGraceMinutes: 10 },
  }),
  'PATCH /api/admin/chat/conversations/:id': (r) => ({
    url: `/api/admin/chat/conversations/${r.chat}`,
    body: { priority: 'high' },
  }),
  'GET /api/admin/settings/surveys': () => ({ url: '/api/admin/settings/surveys' }),
  'PUT /api/admin/settings/surveys': () => ({ url: '/api/admin/settings/surveys', body: { enabled: false } }),
  'GET /api/admin/service-requests/:id/survey': (r) => ({ url: `/api/admin/service-requests/${r.ticket}/survey` }),
  // The ticket is not completed: a 409 once past the permission check.
  'POST /api/admin/service-requests/:id/survey': (r) => ({ url: `/api/admin/service-requests/${r.ticket}/survey` }),
  'GET /api/admin/chat/conversations/:id/survey': () => ({
    url: `/api/admin/chat/conversations/${randomUUID()}/survey`,
  }),
  'POST /api/admin/chat/conversations/:id/survey': () => ({
    url: `/api/admin/chat/conversations/${randomUUID()}/survey`,
  }),
  'GET /api/admin/customers/:id/invoices': (r) => ({ url: `/api/admin/customers/${r.customer}/invoices` }),
  'GET /api/admin/invoices/:id/pdf': () => ({ url: `/api/admin/invoices/${randomUUID()}/pdf` }),
  'GET /api/admin/quotes': () => ({ url: '/api/admin/quotes' }),
  'POST /api/admin/quotes': () => ({
    url: '/api/admin/quotes',
    body: {
      customer: { name: 'Matrix Buyer', email: 'matrix-buyer@example.com' },
      title: 'Wi-Fi survey',
      lines: [{ kind: 'service', description: 'Site survey', quantity: 1, unitPrice: '450.00' }],
      validUntil: '2099-12-31',
    },
  }),
  'GET /api/admin/quotes/:id': () => ({ url: `/api/admin/quotes/${randomUUID()}` }),
  'PATCH /api/admin/quotes/:id': () => ({ url: `/api/admin/quotes/${randomUUID()}`, body: { title: 'Changed' } }),
  'POST /api/admin/quotes/:id/send': () => ({ url: `/api/admin/quotes/${randomUUID()}/send` }),
  'POST /api/admin/quotes/:id/revise': () => ({ url: `/api/admin/quotes/${randomUUID()}/revise` }),
  'POST /api/admin/quotes/:id/withdraw': () => ({ url: `/api/admin/quotes/${randomUUID()}/withdraw` }),
  'GET /api/admin/quotes/:id/pdf': () => ({ url: `/api/admin/quotes/${randomUUID()}/pdf` }),
};

const keyOf = (row: Pick<AdminPath, 'method' | 'path'>) => `${row.method} ${row.path}`;

/** What a refused call must leave as it was: every table a route under /api/admin writes to. */
const watchedTables = [
  'users',
  'orders',
  'order_events',
  'refunds',
  'invoices',
  'products',
  'product_images',
  'enquiries',
  'enquiry_replies',
  'tickets',
  'ticket_events',
  'consultation_proposals',
  'account_tokens',
  'mails',
  'staff_invitations',
  'audit_log',
  'credit_notes',
  'quotes',
  'quote_lines',
  'settings',
  'satisfaction_surveys',
  'canned_replies',
  'chat_conversations',
];

/** A generated block of docs/permissions.md, between its markers. */
function markedBlock(name: string): RegExp {
  return new RegExp(`(<!-- ${name}:start -->)[\\s\\S]*?(<!-- ${name}:end -->)`);
}

/** A markdown table's cells, whatever padding Prettier gave it. */
function tableCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, '$1-$2')),
    );
}

async function fingerprint(db: Knex): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of watchedTables) {
    const result = await db.raw<{ rows: { print: string | null }[] }>(
      `select md5(string_agg(row_text, '|' order by row_text)) as print from (select t::text as row_text from ?? t) rows`,
      [table],
    );
    prints[table] = result.rows[0]?.print ?? 'empty';
  }
  return prints;
}

function send(agent: Agent, row: AdminPath) {
  const { url, body } = calls[keyOf(row)]!(records);
  const method = row.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  const request = agent[method](url);
  return body === undefined ? request : request.send(body);
}

async function staffAgent(role: StaffRole): Promise<Agent> {
  const built = await buildUser(t.db, { accountType: 'staff', staffRole: role });
  const agent = t.agent();
  await logIn(agent, built);
  return agent;
}

beforeAll(async () => {
  agents.anonymous = t.agent();
  for (const role of staffRoles) agents[role] = await staffAgent(role);
  const client = await buildUser(t.db, { email: 'matrix-client@example.com' });
  agents.client = t.agent();
  await logIn(agents.client, client);
  records.customer = client.user.id;
  records.product = (await buildProduct(t.db)).id;
  records.paidOrder = await clientWithPaidOrder(t);
  records.enquiry = (
    await Enquiry.query(t.db).insert({
      name: 'Priya',
      email: 'priya@example.com',
      phone: null,
      company: 'Acme',
      service: 'General Inquiry',
      message: 'Can you help with our Wi-Fi?',
    })
  ).id;
  records.ticket = (await buildTicket(t.db, null)).id;
  records.staffMember = (await buildUser(t.db, { accountType: 'staff', staffRole: 'support' })).user.id;
  records.cannedReply = (
    await t
      .db('canned_replies')
      .insert({ ownerId: records.staffMember, shortcut: 'matrix', title: 'Matrix', body: 'Hello' })
      .returning('id')
  )[0]!.id as string;
  records.chat = (await t.agent().post('/api/chat/conversations').send({ visitorName: 'Matrix visitor' }).expect(201))
    .body.id as string;
  const raw = 'From: Priya <priya@example.com>\r\nSubject: Hello\r\nMessage-ID: <matrix@example.com>\r\n\r\nHello\r\n';
  const [received] = (await t
    .db('inbound_emails')
    .insert({
      messageId: '<matrix@example.com>',
      source: 'webhook',
      sender: 'priya@example.com',
      subject: 'Hello',
      raw: Buffer.from(raw),
      size: raw.length,
      parsed: JSON.stringify({
        from: { address: 'priya@example.com', name: 'Priya' },
        to: [],
        cc: [],
        date: null,
        messageId: '<matrix@example.com>',
        inReplyTo: null,
        references: [],
        text: 'Hello',
        replyText: 'Hello',
        hasHtml: false,
        attachments: [],
        automatic: [],
        bounce: null,
      }),
      outcome: 'new_enquiry',
    })
    .returning('id')) as { id: string }[];
  records.inboundEmail = received!.id;
});

describe('the permission table', () => {
  it('names every /api/admin route of the router, and no route that does not exist', () => {
    const routed = new Set<string>();
    for (const layer of appRouter(t.app).stack) {
      if (typeof layer.path !== 'string' || !layer.path.startsWith('/api/admin')) continue;
      for (const method of layer.methods) if (method !== 'HEAD') routed.add(`${method} ${layer.path}`);
    }
    expect(routed.size).toBeGreaterThan(0);
    const tabled = adminPaths.map(keyOf);
    expect(new Set(tabled).size, 'a route is in the table twice').toBe(tabled.length);
    expect([...tabled].sort(), 'admin-permissions.ts must list exactly the routes of the router').toEqual(
      [...routed].sort(),
    );
    expect(Object.keys(calls).sort(), 'every row needs a call in this test').toEqual([...tabled].sort());
  });

  it.each([['docs/permissions.md', ['permissions', 'matrix']]] as const)('is what %s shows', (path, names) => {
    const file = new URL(`../../${path}`, import.meta.url);
    const doc = readFileSync(file, 'utf8');
    const tables = {
      permissions: permissionsMarkdownList(),
      matrix: permissionsMarkdownTable(),
    };
    const blocks = names.map((name) => [name, tables[name]] as const);
    if (process.env.UPDATE_PERMISSIONS_DOC === '1') {
      // UPDATE_PERMISSIONS_DOC=1 writes the tables into the file (then let Prettier align it) instead of comparing.
      let updated = doc;
      for (const [name, block] of blocks) {
        updated = updated.replace(
          markedBlock(name),
          (_all, start: string, end: string) => `${start}\n${block}\n${end}`,
        );
      }
      writeFileSync(file, updated);
      return;
    }
    for (const [name, block] of blocks) {
      const found = markedBlock(name).exec(doc);
      expect(found, `${path} needs <!-- ${name}:start --> and <!-- ${name}:end -->`).not.toBeNull();
      expect(
        tableCells(found![0]),
        `${path} is out of date: run this test with UPDATE_PERMISSIONS_DOC=1, then Prettier`,
      ).toEqual(tableCells(block));
    }
  });
});

describe.each(adminPaths.map((row) => [keyOf(row), row] as const))('%s', (_key, row) => {
  const allowed = (role: StaffRole) => roleMayCall(role, row.permission);

  it('refuses anonymous (401), clients and roles without the permission (403 naming it), changing nothing', async () => {
    const before = row.method === 'GET' ? null : await fingerprint(t.db);
    const anonymous = await send(agents.anonymous, row);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
    const client = await send(agents.client, row);
    expect(client.status).toBe(403);
    expect(client.body).toEqual({ message: 'Staff only' });
    for (const role of staffRoles.filter((role) => !allowed(role))) {
      const res = await send(agents[role], row);
      expect(res.status, role).toBe(403);
      expect(res.body.message, role).toContain(`${row.permission} permission`);
      expect(res.body.message, role).toContain(`(${role})`);
    }
    if (before) expect(await fingerprint(t.db)).toEqual(before);
  });

  it.each(staffRoles.map((role) => [role]))('lets %s in as the table says', async (role) => {
    const res = await send(agents[role as StaffRole], row);
    if (allowed(role as StaffRole)) {
      expect([401, 403], `${role}: ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    } else {
      expect(res.status).toBe(403);
    }
  });
});

describe('routes that mix permissions check the part in the handler', () => {
  it('lets fulfilment change a price and stock, but not the name or archiving', async () => {
    const product = await buildProduct(t.db, { price: '30.00' });
    const before = await fingerprint(t.db);
    for (const body of [{ name: 'Renamed' }, { archived: true }, { price: '31.00', description: 'Cheaper' }]) {
      const refused = await agents.fulfilment.patch(`/api/admin/products/${product.id}`).send(body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('catalogue.manage permission');
    }
    expect(await fingerprint(t.db)).toEqual(before);
    const priced = await agents.fulfilment
      .patch(`/api/admin/products/${product.id}`)
      .send({ price: '32.00', inStock: false });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ price: '32.00', inStock: false });
    const renamed = await agents.admin.patch(`/api/admin/products/${product.id}`).send({ name: 'Renamed by admin' });
    expect(renamed.status).toBe(200);
  });

  it('lets fulfilment cancel an unpaid order, but a paid one only with refunds', async () => {
    const paid = await clientWithPaidOrder(t);
    const before = await fingerprint(t.db);
    const refused = await agents.fulfilment.patch(`/api/admin/orders/${paid.orderId}`).send({ status: 'cancelled' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your role (fulfilment) may not refund payments and cancel paid orders: this needs the refunds permission',
    );
    expect(await fingerprint(t.db)).toEqual(before);
    const shipped = await agents.fulfilment.patch(`/api/admin/orders/${paid.orderId}`).send({ status: 'processing' });
    expect(shipped.status).toBe(200);
    const unpaid = await clientWithPendingOrder(t);
    const cancelled = await agents.fulfilment
      .patch(`/api/admin/orders/${unpaid.orderId}`)
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const byAdmin = await agents.admin.patch(`/api/admin/orders/${paid.orderId}`).send({ status: 'cancelled' });
    expect(byAdmin.status).toBe(200);
  });

  it('shows each role only the dashboard counts of what it may open', async () => {
    const keys = async (role: StaffRole) => Object.keys((await agents[role].get('/api/admin/dashboard')).body).sort();
    const support = [
      'chatsAtRisk',
      'chatsBreached',
      'newEnquiries',
      'newQuoteRequests',
      'newServiceRequests',
      'ordersToFulfil',
      'ticketsAtRisk',
      'ticketsBreached',
      'waitingChats',
    ];
    expect(await keys('admin')).toEqual(support);
    expect(await keys('support')).toEqual(support);
    expect(await keys('sales')).toEqual(['newEnquiries', 'newQuoteRequests', 'ordersToFulfil']);
    expect(await keys('fulfilment')).toEqual(['ordersToFulfil']);
  });

  it('seeds with the admin token whoever calls, and with a session only for a role with seeding', async () => {
    const byToken = await agents.fulfilment
      .post('/api/admin/seed-products')
      .set('Authorization', 'Bearer matrix-admin-token');
    expect(byToken.status).toBe(200);
    const wrongToken = await agents.admin.post('/api/admin/seed-products').set('Authorization', 'Bearer wrong');
    expect(wrongToken.status).toBe(401);
  });
});

describe('what a role reads is only what it may open', () => {
  it("lists a customer's orders, requests, enquiries and chats only to roles that may open them", async () => {
    const buyer = await User.query(t.db).findById(records.paidOrder.user.id);
    await buildTicket(t.db, buyer!);
    const kinds = async (role: StaffRole) => {
      const res = await agents[role].get(`/api/admin/customers/${buyer!.id}`);
      expect(res.status).toBe(200);
      return [...new Set((res.body.timeline as { kind: string }[]).map((entry) => entry.kind))].sort();
    };
    expect(await kinds('support')).toEqual(['account', 'order', 'service_request']);
    expect(await kinds('sales')).toEqual(['account', 'order']);
    expect((await agents.sales.get(`/api/admin/customers/${buyer!.id}`)).body.serviceRequests).toEqual([]);
  });
});

describe('staff paths outside /api/admin respect roles too', () => {
  it('keeps chats from roles without chat', async () => {
    const started = await t.agent().post('/api/chat/conversations').send({ visitorName: 'Vera' });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    for (const role of ['sales', 'fulfilment'] as const) {
      const list = await agents[role].get('/api/chat/conversations');
      expect(list.status).toBe(403);
      expect(list.body.message).toContain('chat permission');
      expect((await agents[role].get(`/api/chat/conversations/${id}`)).status).toBe(404);
      expect((await agents[role].get(`/api/chat/conversations/${id}/context`)).status).toBe(403);
      expect((await agents[role].patch(`/api/chat/conversations/${id}/close`)).status).toBe(403);
    }
    expect((await agents.support.get(`/api/chat/conversations/${id}`)).status).toBe(200);
    expect((await agents.support.get('/api/chat/conversations')).status).toBe(200);
  });

  it("keeps a ticket's thread and replies from roles that do not work on requests", async () => {
    const ticket = await buildTicket(t.db, null);
    for (const role of ['sales', 'fulfilment'] as const) {
      const read = await agents[role].get(`/api/service-requests/${ticket.id}`);
      expect(read.status).toBe(403);
      expect(read.body.message).toContain('service_requests.work permission');
      const before = await fingerprint(t.db);
      const reply = await agents[role].post(`/api/service-requests/${ticket.id}/replies`).send({ message: 'Hello' });
      expect(reply.status).toBe(403);
      expect(await fingerprint(t.db)).toEqual(before);
    }
    expect((await agents.support.get(`/api/service-requests/${ticket.id}`)).status).toBe(200);
  });
});
