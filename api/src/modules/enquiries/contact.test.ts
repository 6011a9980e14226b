import { describe, expect, it } from 'vitest';
import { serviceOptions } from '@shared/schemas/contact';
import { formatTicketNumber } from '@shared/schemas/tickets';
import { buildUser, logIn } from '../../test/factories';
import { dashboardCounts } from '../dashboard/dashboard.service';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { setupTestApp } from '../../test/test-app';
import { mailContext, renderMail } from '../mail/render-mail';
import { Ticket } from '../tickets/ticket.model';
import { Enquiry } from './enquiry.model';
import { listEnquiries, readEnquiry } from './enquiries.service';

// Each case sends from its own address (X-Forwarded-For, trusted here), so the limit only bites where it is tested.
const t = setupTestApp({
  trustProxy: true,
  rateLimits: {
    ...roomyRateLimits,
    contactPerIp: limitInOneWindow(3),
    contactAcknowledgementsPerRecipient: limitInOneWindow(2),
  },
});

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

const valid = {
  name: 'Priya Raman',
  email: 'Priya.Raman@Example.com',
  phone: '(612) 555-0199',
  company: 'Lakeshore Clinics',
  service: 'Ekahau Partner Services',
  message: 'We need a Wi-Fi survey of two clinic floors before we replace our access points.',
};

function send(body: unknown, ip = nextIp()) {
  return t
    .request()
    .post('/api/contact')
    .set('X-Forwarded-For', ip)
    .send(body as object);
}

describe('POST /api/contact', () => {
  it('stores the enquiry as typed (trimmed) and answers 201', async () => {
    const res = await send({ ...valid, name: '  Priya Raman  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Thanks! We'll get back to you within 24 hours." });
    const rows = await Enquiry.query(t.db).where({ company: 'Lakeshore Clinics' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Priya Raman',
      email: 'Priya.Raman@Example.com',
      phone: '(612) 555-0199',
      service: 'Ekahau Partner Services',
      message: valid.message,
    });
    // An anonymous enquiry belongs to no account.
    expect(await Ticket.query(t.db).where({ email: 'Priya.Raman@Example.com' })).toHaveLength(0);
  });

  it.each(serviceOptions)('accepts the service option %s', async (service) => {
    const res = await send({ ...valid, service, company: `Option ${service}` });
    expect(res.status).toBe(201);
  });

  it('treats empty optional fields as not given', async () => {
    const res = await send({ ...valid, phone: '', company: '', email: 'no-extras@example.com' });
    expect(res.status).toBe(201);
    const row = await Enquiry.query(t.db).findOne({ email: 'no-extras@example.com' });
    expect(row).toMatchObject({ phone: null, company: null });
  });

  it('also files a service request for a logged-in client, shown in their portal', async () => {
    const built = await buildUser(t.db, { email: 'client@example.com' });
    const agent = t.agent();
    await logIn(agent, built);
    const res = await agent
      .post('/api/contact')
      .set('X-Forwarded-For', nextIp())
      .send({ ...valid, email: 'client@example.com', service: 'Field IT Services', company: 'Portal Co' });
    expect(res.status).toBe(201);
    const requests = await Ticket.query(t.db).where({ userId: built.user.id });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      service: 'Field IT Services',
      status: 'pending',
      company: 'Portal Co',
      message: valid.message,
    });
    expect(await Enquiry.query(t.db).where({ company: 'Portal Co' })).toHaveLength(1);
  });

  it("makes a logged-in client's message one item to work: the request, with the message closed as its source", async () => {
    const built = await buildUser(t.db, { email: 'one.item@example.com' });
    const agent = t.agent();
    await logIn(agent, built);
    // The dashboard as a role that sees every count (no staff account: it would be mailed the alerts of later cases).
    const everyCount = () => dashboardCounts(t.db, () => true);
    const before = await everyCount();
    const res = await agent
      .post('/api/contact')
      .set('X-Forwarded-For', nextIp())
      .send({ ...valid, email: 'one.item@example.com', company: 'One Item Co' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Thanks! We'll get back to you within 24 hours." });

    const [message] = await Enquiry.query(t.db).where({ company: 'One Item Co' });
    const [request] = await Ticket.query(t.db).where({ userId: built.user.id });
    // Kept as the request's source, but not a "New" enquiry beside it.
    expect(message!.status).toBe('closed');
    expect(request).toMatchObject({ enquiryId: message!.id, status: 'pending' });
    expect(await readEnquiry(t.db, message!.id)).toMatchObject({ status: 'closed', serviceRequestId: request!.id });
    const newOnes = await listEnquiries(t.db, { q: undefined, status: 'new', limit: 100 });
    expect(newOnes.enquiries.map((e) => e.id)).not.toContain(message!.id);

    // Counted once on the dashboard: one more unassigned request, no more new enquiries.
    const after = await everyCount();
    expect(after.newEnquiries).toBe(before.newEnquiries);
    expect(after.newServiceRequests).toBe(before.newServiceRequests! + 1);
  });

  it('leaves an anonymous message a new enquiry, with no request', async () => {
    expect((await send({ ...valid, company: 'Anonymous Co' })).status).toBe(201);
    const [message] = await Enquiry.query(t.db).where({ company: 'Anonymous Co' });
    expect(message!.status).toBe('new');
    expect(await Ticket.query(t.db).where({ enquiryId: message!.id })).toHaveLength(0);
  });

  it('stores script tags as plain text', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await send({ ...valid, name: script, message: script, company: 'Script Test' });
    expect(res.status).toBe(201);
    const row = await Enquiry.query(t.db).findOne({ company: 'Script Test' });
    expect(row?.name).toBe(script);
    expect(row?.message).toBe(script);
  });

  it('keeps line breaks, emoji and accents in the message', async () => {
    const message = 'Première ligne\nZweite Zeile 🚀\r\n第三行';
    const res = await send({ ...valid, message, company: 'Unicode Test' });
    expect(res.status).toBe(201);
    expect((await Enquiry.query(t.db).findOne({ company: 'Unicode Test' }))?.message).toBe(message);
  });

  it('answers a filled honeypot like a real enquiry and stores nothing', async () => {
    const before = await Enquiry.query(t.db).resultSize();
    const res = await send({ ...valid, website: 'http://spam.example', company: 'Bot Inc' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Thanks! We'll get back to you within 24 hours." });
    expect(await Enquiry.query(t.db).resultSize()).toBe(before);
  });

  it('accepts an empty honeypot', async () => {
    const res = await send({ ...valid, website: '', company: 'Human Co' });
    expect(res.status).toBe(201);
    expect(await Enquiry.query(t.db).where({ company: 'Human Co' })).toHaveLength(1);
  });

  const bad: [string, unknown, string | RegExp][] = [
    ['a missing name', { ...valid, name: undefined }, /^name: /],
    ['a blank name', { ...valid, name: '   ' }, 'name: Full name is required'],
    ['a missing email', { ...valid, email: undefined }, /^email: /],
    ['an invalid email', { ...valid, email: 'not-an-email' }, 'email: Invalid email address'],
    ['an unknown service', { ...valid, service: 'Plumbing' }, 'service: Please choose one of the listed services'],
    ['an empty service', { ...valid, service: '' }, 'service: Please choose one of the listed services'],
    ['a blank message', { ...valid, message: ' \n ' }, 'message: Message is required'],
    ['an oversized name', { ...valid, name: 'n'.repeat(101) }, 'name: Full name must be at most 100 characters'],
    ['an oversized phone', { ...valid, phone: '5'.repeat(41) }, 'phone: Phone number must be at most 40 characters'],
    [
      'an oversized company',
      { ...valid, company: 'c'.repeat(151) },
      'company: Company name must be at most 150 characters',
    ],
    [
      'an oversized message',
      { ...valid, message: 'm'.repeat(5001) },
      'message: Message must be at most 5000 characters',
    ],
    ['an oversized honeypot', { ...valid, website: 'w'.repeat(501) }, /^website: /],
    ['a number for the name', { ...valid, name: 42 }, /^name: /],
    ['an array for the message', { ...valid, message: ['a', 'b'] }, /^message: /],
    ['an object for the service', { ...valid, service: { $ne: '' } }, /^service: /],
    ['null for the email', { ...valid, email: null }, /^email: /],
    ['an unknown field', { ...valid, userId: '00000000-0000-0000-0000-000000000000' }, /Unrecognized key/],
    ['a NUL character', { ...valid, name: 'A\u0000B' }, 'name: contains invalid characters'],
    ['a line break in the name', { ...valid, name: 'A\nB' }, 'name: Full name contains invalid characters'],
    ['a lone surrogate', { ...valid, message: 'hi \ud800' }, 'message: contains invalid characters'],
    ['an empty object', {}, /^name: /],
    ['an array body', [valid], /./],
  ];

  it.each(bad)('refuses %s with 400 and stores nothing', async (_label, body, message) => {
    const before = await Enquiry.query(t.db).resultSize();
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message instanceof RegExp ? message : new RegExp(`^${escape(message)}$`));
    expect(await Enquiry.query(t.db).resultSize()).toBe(before);
  });

  it('refuses non-JSON bodies without a 5xx', async () => {
    const form = await t.request().post('/api/contact').set('X-Forwarded-For', nextIp()).type('form').send('name=x');
    expect(form.status).toBe(415);
    const broken = await t
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', nextIp())
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(broken.status).toBe(400);
  });

  it('limits enquiries per IP with 429 and a message, without storing the extra ones', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 3; i += 1) {
      expect((await send({ ...valid, company: `Limit ${i}` }, ip)).status).toBe(201);
    }
    const blocked = await send({ ...valid, company: 'Limit 3' }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/several messages in a short time/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await Enquiry.query(t.db).where({ company: 'Limit 3' })).toHaveLength(0);
    // Someone else is unaffected.
    expect((await send({ ...valid, company: 'Other sender' })).status).toBe(201);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('the mails of an enquiry', () => {
  it('queues, with the enquiry, an acknowledgement without a copy to the address given and an alert for each staff member', async () => {
    await buildUser(t.db, { accountType: 'staff', email: 'Desk@Example.com' });
    await buildUser(t.db, { accountType: 'staff', email: null });
    await buildUser(t.db, { email: 'client.only@example.com' });
    // An address of its own: the other cases here have acknowledged valid.email up to its daily cap.
    const res = await send({ ...valid, email: 'Mail.Test@Example.com', company: 'Mail Test Co', phone: '' });
    expect(res.status).toBe(201);
    const [stored] = await Enquiry.query(t.db).where({ company: 'Mail Test Co' });
    const mails = await t.db('mails').where('idempotencyKey', 'like', `%:${stored!.id}`).orderBy('template');
    expect(mails.map((m) => [m.template, m.recipient, m.replyTo, m.status])).toEqual([
      ['contact-acknowledgement', 'mail.test@example.com', null, 'queued'],
      ['staff-new-enquiry', 'desk@example.com', 'mail.test@example.com', 'queued'],
    ]);
    // The address is whatever was typed: nothing typed is echoed to it.
    // Test databases are open around the clock (decision 189): no "we're back" sentence.
    expect(mails[0].data).toEqual({ service: 'Ekahau Partner Services', copy: null, awayNotice: null });
    expect(mails[1].data).toMatchObject({ fromClientAccount: false, message: valid.message });
  });

  it('sends nothing for a bot (filled honeypot)', async () => {
    await send({ ...valid, website: 'http://spam.example', email: 'bot@example.com' });
    expect(await t.db('mails').where({ recipient: 'bot@example.com' })).toHaveLength(0);
  });

  it('echoes nothing typed to an address the sender may not own, so the form cannot mail a phishing text', async () => {
    const phish = 'Your account is locked: sign in at http://evil.example/login';
    expect((await send({ ...valid, name: phish, message: phish, email: 'target@example.com' })).status).toBe(201);
    const [ack] = await t.db('mails').where({ recipient: 'target@example.com', template: 'contact-acknowledgement' });
    expect(JSON.stringify(ack.data)).not.toContain('evil.example');
    const rendered = await renderMail(ack.template, ack.data, mailContext('https://www.example.com'));
    expect(rendered.text + rendered.html + rendered.subject).not.toContain('evil.example');
  });

  it("copies the enquiry only to a signed-in client's own verified address", async () => {
    const built = await buildUser(t.db, { email: 'own.addr@example.com' });
    const agent = t.agent();
    await logIn(agent, built);
    const post = (email: string, message: string) =>
      agent
        .post('/api/contact')
        .set('X-Forwarded-For', nextIp())
        .send({ ...valid, email, message });
    const ackFor = async (message: string) => {
      const stored = await t.db('enquiries').where({ message }).first();
      return (
        await t
          .db('mails')
          .where({ idempotencyKey: `contact-acknowledgement:${stored.id}` })
          .first()
      ).data;
    };
    expect((await post('own.addr@example.com', 'Unverified own address')).status).toBe(201);
    expect((await ackFor('Unverified own address')).copy).toBeNull();
    await t.db('users').where({ id: built.user.id }).update({ emailVerifiedAt: new Date() });
    expect((await post('Own.Addr@example.com', 'Verified own address')).status).toBe(201);
    expect((await ackFor('Verified own address')).copy).toMatchObject({ message: 'Verified own address' });
    expect((await post('someone.else@example.com', 'To another address')).status).toBe(201);
    expect((await ackFor('To another address')).copy).toBeNull();
  });

  it('acknowledges an address a few times a day at most; past that the enquiry is still stored and answered 201', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await send({ ...valid, email: 'flooded@example.com', message: `Flood ${i}` });
      expect(res.status).toBe(201);
    }
    expect(await t.db('enquiries').where({ email: 'flooded@example.com' })).toHaveLength(3);
    const acks = await t.db('mails').where({ recipient: 'flooded@example.com', template: 'contact-acknowledgement' });
    expect(acks).toHaveLength(2);
    const stored = await t.db('enquiries').where({ message: 'Flood 2' }).first();
    // Staff still hear of every enquiry.
    expect(await t.db('mails').where({ idempotencyKey: `staff-new-enquiry:${stored.id}` })).not.toHaveLength(0);
  });
});

describe("a logged-in client's message", () => {
  it('alerts the staff who work requests, naming the request (not an enquiry to answer by mail)', async () => {
    // Last in the file: a staff member with an address gets every later alert.
    await buildUser(t.db, { accountType: 'staff', staffRole: 'support', email: 'tickets.desk@example.com' });
    const built = await buildUser(t.db, { email: 'alert.me@example.com' });
    const agent = t.agent();
    await logIn(agent, built);
    const res = await agent
      .post('/api/contact')
      .set('X-Forwarded-For', nextIp())
      .send({ ...valid, email: 'alert.me@example.com', company: 'Alert Co' });
    expect(res.status).toBe(201);
    const [message] = await Enquiry.query(t.db).where({ company: 'Alert Co' });
    const [request] = await Ticket.query(t.db).where({ userId: built.user.id });
    const alerts = await t.db('mails').where({ idempotencyKey: `staff-new-enquiry:${message!.id}` });
    expect(alerts.map((mail: { recipient: string }) => mail.recipient).sort()).toEqual([
      'desk@example.com',
      'tickets.desk@example.com',
    ]);
    const alert = alerts[0];
    const rendered = await renderMail(alert.template, alert.data, mailContext('https://www.example.com'));
    expect(rendered.subject).toBe(
      `New service request ${formatTicketNumber(request!.number)}: ${valid.service} — ${valid.name}`,
    );
  });
});
