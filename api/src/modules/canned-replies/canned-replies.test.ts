import { beforeAll, describe, expect, it } from 'vitest';
import { fillCannedReply } from '@shared/canned-replies';
import { UNFILLED_PLACEHOLDER_MESSAGE } from '@shared/canned-replies';
import { company } from '@shared/site/company';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { clientWithPaidOrder } from '../../test/order-factories';
import { setupTestApp } from '../../test/test-app';
import { buildTicket } from '../../test/ticket-factories';
import { Enquiry } from '../enquiries/enquiry.model';

/*
 * Canned replies (issue 26, decision 188): shared ones every answering role
 * sees and only admins write; personal ones their owner only (anyone else:
 * 404, never listed); shortcuts unique per scope; every change audited; the
 * variables' values per chat, ticket and enquiry; and a staff reply still
 * holding a placeholder is refused.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const URL = '/api/admin/canned-replies';
type Agent = ReturnType<typeof t.agent>;

async function staff(role: 'admin' | 'support' | 'sales' | 'fulfilment', firstName?: string) {
  const built = await buildUser(t.db, { accountType: 'staff', staffRole: role, ...(firstName ? { firstName } : {}) });
  const agent = t.agent();
  await logIn(agent, built);
  return { agent, id: built.user.id };
}

let admin: { agent: Agent; id: string };
let support: { agent: Agent; id: string };
let support2: { agent: Agent; id: string };
let sales: { agent: Agent; id: string };
let fulfilment: { agent: Agent; id: string };

beforeAll(async () => {
  admin = await staff('admin', 'Ada');
  support = await staff('support', 'Sam');
  support2 = await staff('support', 'Sue');
  sales = await staff('sales', 'Sol');
  fulfilment = await staff('fulfilment');
});

describe('canned replies', () => {
  it('lets an admin write shared replies every answering role lists, and audits each change', async () => {
    const created = await admin.agent
      .post(URL)
      .send({ shortcut: 'Thanks', title: 'Thank you', body: 'Thanks, {{customer.firstName}}!', shared: true })
      .expect(201);
    expect(created.body).toMatchObject({
      shortcut: 'thanks',
      title: 'Thank you',
      body: 'Thanks, {{customer.firstName}}!',
      shared: true,
      ownerId: null,
      editable: true,
    });
    for (const who of [support, sales]) {
      const list = await who.agent.get(URL).expect(200);
      expect(list.body).toContainEqual(expect.objectContaining({ id: created.body.id, shared: true, editable: false }));
    }
    const changed = await admin.agent
      .patch(`${URL}/${created.body.id}`)
      .send({ body: 'Thank you, {{customer.name}}.' })
      .expect(200);
    expect(changed.body.body).toBe('Thank you, {{customer.name}}.');
    const audit = await t
      .db('audit_log')
      .where({ recordType: 'canned_reply', recordId: created.body.id })
      .orderBy('id');
    expect(audit.map((row: { action: string }) => row.action)).toEqual([
      'canned_reply.created',
      'canned_reply.updated',
    ]);
    expect(audit[1]).toMatchObject({
      actorId: admin.id,
      before: expect.objectContaining({ body: 'Thanks, {{customer.firstName}}!' }),
      after: expect.objectContaining({ body: 'Thank you, {{customer.name}}.' }),
    });
    await admin.agent.delete(`${URL}/${created.body.id}`).expect(204);
    expect((await support.agent.get(URL).expect(200)).body).not.toContainEqual(
      expect.objectContaining({ id: created.body.id }),
    );
    expect(await t.db('audit_log').where({ action: 'canned_reply.deleted', recordId: created.body.id })).toHaveLength(
      1,
    );
  });

  it('keeps shared replies to admins: support may not create, change or delete one (403, nothing changed)', async () => {
    const shared = await admin.agent
      .post(URL)
      .send({ shortcut: 'hours', title: 'Hours', body: 'Call {{company.phone}}.', shared: true })
      .expect(201);
    const refusedCreate = await support.agent
      .post(URL)
      .send({ shortcut: 'mine-shared', title: 'Nope', body: 'x', shared: true })
      .expect(403);
    expect(refusedCreate.body.message).toContain('canned_replies.shared permission');
    await support.agent.patch(`${URL}/${shared.body.id}`).send({ title: 'Changed' }).expect(403);
    await support.agent.delete(`${URL}/${shared.body.id}`).expect(403);
    const row = await t.db('canned_replies').where({ id: shared.body.id }).first();
    expect(row).toMatchObject({ title: 'Hours', ownerId: null });
    expect(await t.db('canned_replies').where({ shortcut: 'mine-shared' })).toHaveLength(0);
  });

  it('keeps personal replies to their owner: others never list them and get 404 when they try one', async () => {
    const mine = await support.agent
      .post(URL)
      .send({ shortcut: 'refund', title: 'Refund', body: 'Your refund is on its way.' })
      .expect(201);
    expect(mine.body).toMatchObject({ shared: false, ownerId: support.id, editable: true });
    expect((await support.agent.get(URL)).body).toContainEqual(expect.objectContaining({ id: mine.body.id }));
    for (const other of [support2, admin]) {
      expect((await other.agent.get(URL)).body).not.toContainEqual(expect.objectContaining({ id: mine.body.id }));
      await other.agent.patch(`${URL}/${mine.body.id}`).send({ title: 'Taken' }).expect(404);
      await other.agent.delete(`${URL}/${mine.body.id}`).expect(404);
    }
    // A personal reply may not be made shared by its owner without the permission.
    await support.agent.patch(`${URL}/${mine.body.id}`).send({ shared: true }).expect(403);
    const changed = await support.agent.patch(`${URL}/${mine.body.id}`).send({ title: 'Refunds' }).expect(200);
    expect(changed.body.title).toBe('Refunds');
    await support.agent.delete(`${URL}/${mine.body.id}`).expect(204);
    await support.agent.delete(`${URL}/${mine.body.id}`).expect(404);
    await support.agent.patch(`${URL}/not-a-uuid`).send({ title: 'x' }).expect(404);
  });

  it('keeps a shortcut unique among shared replies and within one person’s, but lets a personal one reuse a shared one', async () => {
    await admin.agent.post(URL).send({ shortcut: 'welcome', title: 'Welcome', body: 'Hi!', shared: true }).expect(201);
    const clash = await admin.agent
      .post(URL)
      .send({ shortcut: 'welcome', title: 'Again', body: 'Hello!', shared: true })
      .expect(409);
    expect(clash.body.message).toBe('A shared reply already uses the shortcut /welcome');
    await support.agent.post(URL).send({ shortcut: 'welcome', title: 'My welcome', body: 'Hey!' }).expect(201);
    await support2.agent.post(URL).send({ shortcut: 'welcome', title: 'Her welcome', body: 'Hey!' }).expect(201);
    const own = await support.agent.post(URL).send({ shortcut: 'welcome', title: 'Twice', body: 'Hey!' }).expect(409);
    expect(own.body.message).toBe('You already have a reply with the shortcut /welcome');
    const other = await support.agent.post(URL).send({ shortcut: 'bye', title: 'Bye', body: 'Bye!' }).expect(201);
    await support.agent.patch(`${URL}/${other.body.id}`).send({ shortcut: 'welcome' }).expect(409);
    expect((await t.db('canned_replies').where({ id: other.body.id }).first()).shortcut).toBe('bye');
  });

  it.each([
    ['a shortcut with spaces', { shortcut: 'two words', title: 'T', body: 'B' }, /shortcut/],
    ['an empty body', { shortcut: 'empty', title: 'T', body: '  ' }, /body/],
    ['a body over 2,000 characters', { shortcut: 'long', title: 'T', body: 'x'.repeat(2001) }, /body/],
    ['an unknown field', { shortcut: 'extra', title: 'T', body: 'B', ownerId: 'someone' }, /./],
  ])('refuses %s with 400', async (_name, body, message) => {
    const response = await support.agent.post(URL).send(body).expect(400);
    expect(response.body.message).toMatch(message);
  });

  it('is for roles that answer customers: fulfilment 403, clients 403, visitors 401', async () => {
    const refused = await fulfilment.agent.get(URL).expect(403);
    expect(refused.body.message).toContain('canned_replies permission');
    await fulfilment.agent.post(URL).send({ shortcut: 'x', title: 'x', body: 'x' }).expect(403);
    await t.agent().get(URL).expect(401);
  });
});

describe('canned reply variables', () => {
  it('fills a ticket’s customer, number, latest order, staff member and phone', async () => {
    const buyer = await clientWithPaidOrder(t);
    await t.db('users').where({ id: buyer.user.id }).update({ firstName: 'Priya', lastName: 'Shah' });
    const orderNumber = (await t.db('orders').where({ id: buyer.orderId }).first()).number as string;
    const ticket = await buildTicket(t.db, null, { name: 'Priya Shah' });
    await t.db('tickets').where({ id: ticket.id }).update({ userId: buyer.user.id });
    const response = await support.agent.get(`${URL}/variables?ticketId=${ticket.id}`).expect(200);
    const ticketNumber = (await t.db('tickets').where({ id: ticket.id }).first()).number as string;
    expect(response.body).toEqual({
      'customer.firstName': 'Priya',
      'customer.name': 'Priya Shah',
      'ticket.number': `T-${ticketNumber}`,
      'order.number': `NS-${orderNumber}`,
      'staff.firstName': 'Sam',
      'company.phone': company.phone,
    });
    const filled = fillCannedReply(
      'Hi {{customer.firstName}}, about {{ticket.number}} and {{order.number}}: call {{company.phone}}. {{staff.firstName}}',
      response.body,
    );
    expect(filled).toEqual({
      text: `Hi Priya, about T-${ticketNumber} and NS-${orderNumber}: call ${company.phone}. Sam`,
      unfilled: [],
    });
  });

  it('leaves what a chat visitor without an account does not have as null (the composer warns)', async () => {
    const [conversation] = await t
      .db('chat_conversations')
      .insert({ visitorId: '00000000-0000-4000-8000-000000000001', visitorName: 'Vera Lynn', status: 'active' })
      .returning('id');
    const response = await support.agent.get(`${URL}/variables?chatId=${conversation.id}`).expect(200);
    expect(response.body).toMatchObject({
      'customer.firstName': 'Vera',
      'customer.name': 'Vera Lynn',
      'ticket.number': null,
      'order.number': null,
    });
    expect(fillCannedReply('Order {{order.number}} and {{nope}}', response.body)).toEqual({
      text: 'Order {{order.number}} and {{nope}}',
      unfilled: ['order.number', 'nope'],
    });
  });

  it('gives an enquiry’s values to sales, but a chat’s or ticket’s only to roles that open them', async () => {
    const enquiry = await Enquiry.query(t.db).insert({
      name: 'Omar Haddad',
      email: 'omar@example.com',
      phone: null,
      company: null,
      service: 'General Inquiry',
      message: 'Hello',
    });
    const values = await sales.agent.get(`${URL}/variables?enquiryId=${enquiry.id}`).expect(200);
    expect(values.body).toMatchObject({ 'customer.firstName': 'Omar', 'staff.firstName': 'Sol' });
    const ticket = await buildTicket(t.db, null);
    const refused = await sales.agent.get(`${URL}/variables?ticketId=${ticket.id}`).expect(403);
    expect(refused.body.message).toContain('service_requests.work permission');
    await support.agent.get(`${URL}/variables?ticketId=00000000-0000-4000-8000-000000000000`).expect(404);
    await support.agent.get(`${URL}/variables`).expect(400);
    await support.agent.get(`${URL}/variables?ticketId=${ticket.id}&enquiryId=${enquiry.id}`).expect(400);
  });
});

describe('a staff reply still holding a placeholder', () => {
  it('is refused for a ticket reply and an enquiry reply (400, nothing sent); a client’s braces are theirs', async () => {
    const ticket = await buildTicket(t.db, null);
    const refused = await support.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .send({ message: 'Your order {{order.number}} shipped.' })
      .expect(400);
    expect(refused.body.message).toBe(UNFILLED_PLACEHOLDER_MESSAGE);
    expect(await t.db('ticket_events').where({ ticketId: ticket.id, kind: 'reply' })).toHaveLength(0);
    // An internal note is never sent to anyone: it may keep them.
    await support.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .send({ message: 'Template: {{order.number}}', internal: true })
      .expect(201);

    const enquiry = await Enquiry.query(t.db).insert({
      name: 'Omar',
      email: 'omar2@example.com',
      phone: null,
      company: null,
      service: 'General Inquiry',
      message: 'Hello',
    });
    const enquiryRefused = await support.agent
      .post(`/api/admin/enquiries/${enquiry.id}/replies`)
      .send({ message: 'Hi {{customer.firstName}}' })
      .expect(400);
    expect(enquiryRefused.body.message).toBe(UNFILLED_PLACEHOLDER_MESSAGE);
    expect(await t.db('enquiry_replies').where({ enquiryId: enquiry.id })).toHaveLength(0);
    expect(await t.db('mails').where({ recipient: 'omar2@example.com' })).toHaveLength(0);
  });
});
