import { beforeAll, describe, expect, it } from 'vitest';
import { outboxRows } from '../../test/mail';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { mailContext, renderMail } from '../mail/render-mail';
import { Enquiry } from './enquiry.model';

const t = setupTestApp();

let staff: Caller;
let client: Caller;

beforeAll(async () => {
  staff = await callerOf(t, 'staff', { firstName: 'Sam' });
  client = await callerOf(t, 'client', { email: 'Priya@Example.com', firstName: 'Priya' });
  // Priya confirmed her address (a link mailed to it): enquiries from it are hers.
  await t.db('users').where({ id: client.built.user.id }).update({ emailVerifiedAt: new Date() });
});

async function buildEnquiry(fields: Partial<Pick<Enquiry, 'email' | 'message' | 'service' | 'name'>> = {}) {
  return Enquiry.query(t.db).insert({
    name: fields.name ?? 'Priya',
    email: fields.email ?? 'someone@example.com',
    phone: null,
    company: 'Acme',
    service: fields.service ?? 'General Inquiry',
    message: fields.message ?? 'Can you help with our Wi-Fi?',
  });
}

describe('who may call what', () => {
  it.each([
    ['get', '/api/admin/enquiries'],
    ['get', '/api/admin/enquiries/ID'],
    ['post', '/api/admin/enquiries/ID/replies'],
    ['post', '/api/admin/enquiries/ID/convert'],
    ['patch', '/api/admin/enquiries/ID'],
  ] as const)('%s %s: 401 anonymous, 403 client; nothing changes', async (method, template) => {
    const enquiry = await buildEnquiry();
    const path = template.replace('ID', enquiry.id);
    const body = method === 'patch' ? { status: 'closed' } : { message: 'Hello' };
    expect((await t.request()[method](path).send(body)).status).toBe(401);
    const refused = await client.agent[method](path).send(body);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Staff only' });
    const row = await t.db('enquiries').where({ id: enquiry.id }).first();
    expect(row.status).toBe('new');
    expect(await t.db('enquiry_replies').where({ enquiryId: enquiry.id })).toEqual([]);
    expect(await t.db('tickets').where({ enquiryId: enquiry.id })).toEqual([]);
  });

  it('404 for an unknown enquiry', async () => {
    const res = await staff.agent.get('/api/admin/enquiries/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Enquiry not found' });
    expect((await staff.agent.post('/api/admin/enquiries/nope/convert')).status).toBe(404);
  });
});

describe('the inbox', () => {
  it('lists newest first with status and service filters, search and a keyset cursor', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(
        await buildEnquiry({
          email: `wombat${i}@example.com`,
          service: i < 2 ? 'AI & Automation' : 'Field IT Services',
          message: `Wombat burrow number ${i}`,
        }),
      );
    }
    const first = await staff.agent.get('/api/admin/enquiries?q=wombat&limit=2');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const ids = first.body.enquiries.map((e: { id: string }) => e.id);
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await staff.agent.get(`/api/admin/enquiries?q=wombat&limit=2&cursor=${encodeURIComponent(cursor)}`);
      ids.push(...next.body.enquiries.map((e: { id: string }) => e.id));
      cursor = next.body.nextCursor;
    }
    expect(ids).toEqual([...made].reverse().map((e) => e.id));
    const ai = await staff.agent.get(`/api/admin/enquiries?q=wombat&service=${encodeURIComponent('AI & Automation')}`);
    expect(ai.body.enquiries).toHaveLength(2);
    const byEmail = await staff.agent.get('/api/admin/enquiries?q=wombat3@example.com');
    expect(byEmail.body.enquiries.map((e: { id: string }) => e.id)).toEqual([made[3]!.id]);
    expect(first.body.enquiries[0]).toEqual({
      id: made[4]!.id,
      name: 'Priya',
      email: 'wombat4@example.com',
      company: 'Acme',
      service: 'Field IT Services',
      kind: 'enquiry',
      status: 'new',
      preview: 'Wombat burrow number 4',
      createdAt: expect.any(String),
    });
    const bad = await staff.agent.get('/api/admin/enquiries?status=open');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status: status must be one of new, replied, closed/);
  });

  it('keeps GET /api/admin/contact-messages working', async () => {
    const res = await staff.agent.get('/api/admin/contact-messages?pageSize=1');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.messages[0]).sort()).toEqual(
      ['company', 'createdAt', 'email', 'id', 'message', 'name', 'phone', 'service'].sort(),
    );
  });
});

describe('replying', () => {
  it('records the reply, emails it to the enquirer through the outbox (HTML as text), and marks it replied', async () => {
    const enquiry = await buildEnquiry({ email: 'lee@example.com', message: 'Do you do <script>cabling</script>?' });
    const res = await staff.agent
      .post(`/api/admin/enquiries/${enquiry.id}/replies`)
      .send({ message: 'Yes we do <b>cabling</b>.\nCall us.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'replied',
      repliedAt: expect.any(String),
      replies: [{ authorName: 'Sam', message: 'Yes we do <b>cabling</b>.\nCall us.' }],
    });
    const mails = (await outboxRows(t.db, 'enquiry-reply:')).filter((m) => m.recipient === 'lee@example.com');
    expect(mails).toHaveLength(1);
    const rendered = await renderMail('enquiry-reply', mails[0]!.data as never, mailContext('https://www.example.com'));
    expect(rendered.text).toContain('Yes we do <b>cabling</b>.');
    expect(rendered.text).toContain('Do you do <script>cabling</script>?');
    expect(rendered.html).not.toContain('<b>cabling</b>');
    expect(rendered.html).not.toContain('<script>');
    const list = await staff.agent.get(`/api/admin/enquiries?status=replied&q=${enquiry.id}`);
    expect(list.body.enquiries.map((e: { id: string }) => e.id)).toEqual([enquiry.id]);
  });

  it('refuses an empty reply (400) and changes nothing', async () => {
    const enquiry = await buildEnquiry();
    const res = await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/replies`).send({ message: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^message: /);
    expect((await t.db('enquiries').where({ id: enquiry.id }).first()).status).toBe('new');
  });

  it('closes and reopens; the same status twice is a 409', async () => {
    const enquiry = await buildEnquiry();
    const closed = await staff.agent.patch(`/api/admin/enquiries/${enquiry.id}`).send({ status: 'closed' });
    expect(closed.body.status).toBe('closed');
    expect((await staff.agent.patch(`/api/admin/enquiries/${enquiry.id}`).send({ status: 'closed' })).status).toBe(409);
    expect((await staff.agent.patch(`/api/admin/enquiries/${enquiry.id}`).send({ status: 'replied' })).status).toBe(
      409,
    );
    expect((await staff.agent.patch(`/api/admin/enquiries/${enquiry.id}`).send({ status: 'new' })).body.status).toBe(
      'new',
    );
  });
});

describe('converting', () => {
  it("becomes a service request linked to the client's account when its confirmed email matches (once)", async () => {
    const enquiry = await buildEnquiry({ email: 'priya@example.com', message: 'Please quote 40 drops' });
    const detail = await staff.agent.get(`/api/admin/enquiries/${enquiry.id}`);
    expect(detail.body.clientId).toBe(client.built.user.id);
    const res = await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`);
    expect(res.status).toBe(201);
    const request = await t.db('tickets').where({ id: res.body.serviceRequestId }).first();
    expect(request).toMatchObject({
      userId: client.built.user.id,
      message: 'Please quote 40 drops',
      enquiryId: enquiry.id,
      status: 'pending',
    });
    // The client sees it in the portal.
    const mine = await client.agent.get('/api/service-requests');
    expect(mine.body.map((r: { id: string }) => r.id)).toContain(res.body.serviceRequestId);
    const after = await staff.agent.get(`/api/admin/enquiries/${enquiry.id}`);
    expect(after.body).toMatchObject({ status: 'closed', serviceRequestId: res.body.serviceRequestId });
    const again = await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This enquiry is already a service request' });
  });

  it('without a matching account the request has no owner', async () => {
    const enquiry = await buildEnquiry({ email: 'stranger@example.com' });
    const res = await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`);
    expect((await t.db('tickets').where({ id: res.body.serviceRequestId }).first()).userId).toBeNull();
  });

  it("a logged-in client's enquiry is already their request: linked, and not converted twice", async () => {
    const sent = await client.agent.post('/api/contact').send({
      name: 'Priya',
      email: 'priya@example.com',
      phone: '',
      company: '',
      service: 'Field IT Services',
      message: 'From my account',
    });
    expect(sent.status).toBe(201);
    const enquiry = await t.db('enquiries').where({ message: 'From my account' }).first();
    const request = await t.db('tickets').where({ enquiryId: enquiry.id }).first();
    expect(request.userId).toBe(client.built.user.id);
    expect((await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`)).status).toBe(409);
  });

  it("is not handed to an account that merely signed up with the enquirer's address (unconfirmed)", async () => {
    const squatter = await callerOf(t, 'client', { email: 'victim@example.com' });
    const enquiry = await buildEnquiry({ email: 'Victim@Example.com', message: 'Our alarm code is 1234' });
    expect((await staff.agent.get(`/api/admin/enquiries/${enquiry.id}`)).body.clientId).toBeNull();
    const res = await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`);
    expect(res.status).toBe(201);
    expect((await t.db('tickets').where({ id: res.body.serviceRequestId }).first()).userId).toBeNull();
    const theirs = await squatter.agent.get('/api/service-requests');
    expect(JSON.stringify(theirs.body)).not.toContain('alarm code');
    expect((await squatter.agent.get(`/api/service-requests/${res.body.serviceRequestId}`)).status).toBe(404);
  });
});

describe('POST /api/admin/service-requests/:id/client: staff link a ticket deliberately', () => {
  it('links an unlinked ticket to a client account, recorded as a note; the client then reads it', async () => {
    const owner = await callerOf(t, 'client', { email: 'unconfirmed.owner@example.com' });
    const enquiry = await buildEnquiry({ email: 'unconfirmed.owner@example.com', message: 'Need a quote' });
    const { serviceRequestId } = (await staff.agent.post(`/api/admin/enquiries/${enquiry.id}/convert`)).body;
    const path = `/api/admin/service-requests/${serviceRequestId}/client`;

    expect((await t.request().post(path).send({ clientId: owner.built.user.id })).status).toBe(401);
    expect((await owner.agent.post(path).send({ clientId: owner.built.user.id })).status).toBe(403);
    const bad = await staff.agent.post(path).send({ clientId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^clientId: /);
    const notClient = await staff.agent.post(path).send({ clientId: staff.built.user.id });
    expect(notClient.status).toBe(400);
    expect(notClient.body).toEqual({ message: 'clientId: not a client account' });
    const unknown = await staff.agent
      .post('/api/admin/service-requests/00000000-0000-4000-8000-000000000000/client')
      .send({ clientId: owner.built.user.id });
    expect(unknown.status).toBe(404);
    expect((await t.db('tickets').where({ id: serviceRequestId }).first()).userId).toBeNull();

    const linked = await staff.agent.post(path).send({ clientId: owner.built.user.id });
    expect(linked.status).toBe(200);
    expect(linked.body.request.clientId).toBe(owner.built.user.id);
    const note = linked.body.events.at(-1);
    expect(note).toMatchObject({ kind: 'note', author: { type: 'staff', name: 'Sam' } });
    expect(note.message).toContain(owner.built.username);
    const seen = await owner.agent.get(`/api/service-requests/${serviceRequestId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.events.map((e: { kind: string }) => e.kind)).not.toContain('note');

    const again = await staff.agent.post(path).send({ clientId: client.built.user.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'The request is already linked to another client account' });
    expect((await t.db('tickets').where({ id: serviceRequestId }).first()).userId).toBe(owner.built.user.id);
  });
});
