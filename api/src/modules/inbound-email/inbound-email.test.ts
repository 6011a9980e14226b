import { deflateRawSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';
import sharp from 'sharp';
import request from 'supertest';
import { sentQuote, staffAgentOf } from '../../test/quote-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser } from '../../test/factories';
import { loginCookie, TestSocket } from '../../test/chat';
import { freePort } from '../../test/global-setup';
import { eventuallyRows, quickMail } from '../../test/mail';
import { useApiServers } from '../../test/servers';
import { buildTicket } from '../../test/ticket-factories';

const DOMAIN = 'reply.northstar.test';
const SECRET = 'inbound-test-secret-0123456789abcdef';
const MAX_BYTES = 1_000_000;
let smtpPort = 0;
beforeAll(async () => {
  smtpPort = await freePort();
});
const servers = useApiServers(1, {
  mail: quickMail,
  configure: () => ({
    rateLimits: roomyRateLimits,
    inbound: {
      domain: DOMAIN,
      smtpPort,
      smtpHost: '127.0.0.1',
      tls: null,
      maxBytes: MAX_BYTES,
      webhookSecret: SECRET,
      reopenDays: 30,
      acknowledgementsPerHour: 2,
      connectionsPerIp: 50,
      mailsPerSenderPerHour: 1000,
    },
  }),
});
const sockets: TestSocket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

interface RawMail {
  from?: string | null;
  to: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  headers?: Record<string, string>;
  body?: string;
  contentType?: string;
}

/** A message as a mail program writes one (CRLF lines). */
function rawMail(mail: RawMail): string {
  const lines = [
    ...(mail.from === null ? [] : [`From: ${mail.from ?? 'Dana Client <dana@client.example>'}`]),
    `To: ${mail.to}`,
    `Subject: ${mail.subject ?? 'Re: your request'}`,
    `Message-ID: ${mail.messageId ?? `<${randomUUID()}@client.example>`}`,
    `Date: ${new Date().toUTCString()}`,
    ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`, `References: ${mail.inReplyTo}`] : []),
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    `Content-Type: ${mail.contentType ?? 'text/plain; charset=utf-8'}`,
    '',
    mail.body ??
      'Thanks, that fixed it.\n\nOn Wed, Nov 25, 2026 at 3:14 PM Northstar IT <support@northstar.test> wrote:\n> Please restart the router.',
  ];
  return lines.join('\r\n').replace(/(?<!\r)\n/g, '\r\n');
}

async function webhook(raw: string | Buffer, auth: string | null = `Bearer ${SECRET}`, type = 'message/rfc822') {
  const res = await fetch(`${servers.url()}/api/inbound-email`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...(auth ? { Authorization: auth } : {}) },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function smtpSend(raw: string, envelope: { from: string; to: string[] }) {
  const transport = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope, raw });
  } finally {
    transport.close();
  }
}

async function smtpRefusal(raw: string, envelope: { from: string; to: string[] }): Promise<number> {
  try {
    await smtpSend(raw, envelope);
  } catch (err) {
    return (err as { responseCode: number }).responseCode;
  }
  throw new Error('the SMTP receiver accepted the message');
}

async function staffSocket(): Promise<TestSocket> {
  const staff = await buildUser(servers.db, { accountType: 'staff', staffRole: 'support' });
  const socket = await TestSocket.open(servers.url(), { cookie: await loginCookie(servers.url(), staff) });
  sockets.push(socket);
  socket.send({ type: 'staff_events' });
  socket.send({ type: 'typing', conversationId: '00000000-0000-4000-8000-000000000000', isTyping: true });
  await socket.next('error', (frame) => frame.code === 'not_joined');
  return socket;
}

/** A ticket waiting on its client, with staff's reply mailed to them: the mail's reply token and Message-ID. */
async function ticketWithStaffReply(email = `client-${randomUUID().slice(0, 8)}@client.example`) {
  const client = await buildUser(servers.db, { email });
  await servers.db('users').where({ id: client.user.id }).update({ emailVerifiedAt: new Date() });
  const ticket = await buildTicket(servers.db, client.user, { status: 'waiting_on_client' });
  const staff = await buildUser(servers.db, { accountType: 'staff', staffRole: 'support' });
  const res = await fetch(`${servers.url()}/api/service-requests/${ticket.id}/replies`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: await loginCookie(servers.url(), staff) },
    body: JSON.stringify({ message: 'Could you restart the router?' }),
  });
  expect(res.status).toBe(201);
  const mail = (await servers
    .db('mails')
    .where({ template: 'service-request-reply', threadId: ticket.id })
    .first()) as { id: string; replyToken: string; recipient: string };
  expect(mail.replyToken).toMatch(/^t[0-9a-f]{32}[a-z2-7]{20}$/);
  return {
    client,
    ticket,
    mail,
    replyAddress: `reply+${mail.replyToken}@${DOMAIN}`,
    messageId: `<${mail.id}@127.0.0.1>`,
  };
}

async function ticketEvents(ticketId: string) {
  return servers.db('ticket_events').where({ ticketId: ticketId }).orderBy('createdAt');
}

async function mailsTo(address: string) {
  return servers.db('mails').where({ recipient: address.toLowerCase() });
}

describe('inbound email: replies by token land in the thread', () => {
  it('through the webhook: the new text only, the ticket back in progress, staff told live, the portal shows it', async () => {
    const { client, ticket, replyAddress } = await ticketWithStaffReply();
    const desk = await staffSocket();
    const res = await webhook(
      rawMail({ from: `Dana <${client.user.email}>`, to: replyAddress, messageId: '<webhook-reply-1@client.example>' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ duplicate: false, outcome: 'ticket_reply' });
    expect((await desk.next('staff_event')).event).toEqual({ kind: 'service_request.client_reply', id: ticket.id });

    const events = await ticketEvents(ticket.id);
    const reply = events.find((event) => event.kind === 'reply' && event.actorType === 'client');
    expect(reply?.message).toBe('Thanks, that fixed it.');
    expect(reply?.inboundEmailId).toBe(res.body.id);
    expect(reply?.differentAddress).toBeNull();
    expect(events.some((event) => event.kind === 'status' && event.toStatus === 'in_progress')).toBe(true);

    const portal = await fetch(`${servers.url()}/api/service-requests/${ticket.id}`, {
      headers: { Cookie: await loginCookie(servers.url(), client) },
    });
    const thread = (await portal.json()) as { events: { message: string | null; email?: unknown }[] };
    const seen = thread.events.find((event) => event.message === 'Thanks, that fixed it.');
    expect(seen?.email).toEqual({ inboundEmailId: null, differentAddress: null });
  });

  it('through the SMTP receiver (a real SMTP client): the same', async () => {
    const { client, ticket, replyAddress } = await ticketWithStaffReply();
    const info = await smtpSend(rawMail({ from: client.user.email!, to: replyAddress, body: 'Done, it works now.' }), {
      from: client.user.email!,
      to: [replyAddress],
    });
    expect(info.response).toMatch(/^250 /);
    const events = await ticketEvents(ticket.id);
    expect(events.some((event) => event.kind === 'reply' && event.message === 'Done, it works now.')).toBe(true);
  });

  it('by In-Reply-To when the reply address was lost (the reply went to another of our addresses)', async () => {
    const { client, ticket, messageId } = await ticketWithStaffReply();
    const res = await webhook(
      rawMail({ from: client.user.email!, to: `support@${DOMAIN}`, inReplyTo: messageId, body: 'Matched by header.' }),
    );
    expect(res.body).toMatchObject({ outcome: 'ticket_reply' });
    expect((await ticketEvents(ticket.id)).some((event) => event.message === 'Matched by header.')).toBe(true);
  });

  it('from a different address: accepted, marked for staff', async () => {
    const { ticket, replyAddress } = await ticketWithStaffReply();
    const res = await webhook(
      rawMail({ from: 'assistant@client.example', to: replyAddress, body: 'On behalf of Dana.' }),
    );
    expect(res.body).toMatchObject({ outcome: 'ticket_reply' });
    const reply = (await ticketEvents(ticket.id)).find((event) => event.message === 'On behalf of Dana.');
    expect(reply?.differentAddress).toBe('assistant@client.example');
    expect(await servers.db('inbound_emails').where({ id: res.body.id }).first()).toMatchObject({
      differentAddress: true,
    });
  });

  it('the same Message-ID twice (a provider retrying) is stored and applied once', async () => {
    const { client, ticket, replyAddress } = await ticketWithStaffReply();
    const raw = rawMail({
      from: client.user.email!,
      to: replyAddress,
      messageId: '<twice@client.example>',
      body: 'Once.',
    });
    const first = await webhook(raw);
    const again = await webhook(raw);
    const viaSmtp = await smtpSend(raw, { from: client.user.email!, to: [replyAddress] });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true });
    expect(viaSmtp.response).toContain('already received');
    expect(await servers.db('inbound_emails').where({ messageId: '<twice@client.example>' })).toHaveLength(1);
    expect((await ticketEvents(ticket.id)).filter((event) => event.message === 'Once.')).toHaveLength(1);
  });
});

describe('inbound email: enquiries and quotes', () => {
  it('the enquirer answers the acknowledgement: the reply joins the enquiry, marked theirs, and it is new again', async () => {
    const res = await fetch(`${servers.url()}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.28.0.1' },
      body: JSON.stringify({
        name: 'Priya',
        email: 'priya.inbound@example.com',
        phone: '',
        company: '',
        service: 'Field IT Services',
        message: 'Can you rack two switches?',
        website: '',
      }),
    });
    expect(res.status).toBe(201);
    const ack = (await servers
      .db('mails')
      .where({ template: 'contact-acknowledgement', recipient: 'priya.inbound@example.com' })
      .first()) as { replyToken: string; threadId: string };
    await servers.db('enquiries').where({ id: ack.threadId }).update({ status: 'replied' });
    const reply = await webhook(
      rawMail({ from: 'priya.inbound@example.com', to: `reply+${ack.replyToken}@${DOMAIN}`, body: 'Friday suits us.' }),
    );
    expect(reply.body).toMatchObject({ outcome: 'enquiry_reply' });
    expect(await servers.db('enquiries').where({ id: ack.threadId }).first()).toMatchObject({ status: 'new' });
    expect(await servers.db('enquiry_replies').where({ enquiryId: ack.threadId })).toEqual([
      expect.objectContaining({ message: 'Friday suits us.', fromClient: true, inboundEmailId: reply.body.id }),
    ]);
  });

  it("the client answers a quote mail: a 'client replied' entry on the quote's timeline", async () => {
    const staff = await staffAgentOf(servers.db, request.agent(servers.url()), 'sales');
    const quote = await sentQuote(staff, { customer: { name: 'Ada', email: 'ada.quote@example.com' } });
    const mail = (await servers.db('mails').where({ template: 'quote-sent', threadId: quote.id }).first()) as {
      replyToken: string;
    };
    const reply = await webhook(
      rawMail({
        from: 'ada.quote@example.com',
        to: `reply+${mail.replyToken}@${DOMAIN}`,
        body: 'Can we start in May?',
      }),
    );
    expect(reply.body).toMatchObject({ outcome: 'quote_reply' });
    const detail = await staff.get(`/api/admin/quotes/${quote.id}`);
    expect(detail.body.timeline).toContainEqual(
      expect.objectContaining({
        type: 'client_replied',
        data: expect.objectContaining({ message: 'Can we start in May?', inboundEmailId: reply.body.id }),
      }),
    );
  });
});

describe('inbound email: attachments (the attachment store)', () => {
  const multipart = (body: string, files: { name: string; type: string; data: Buffer }[]) =>
    [
      '--files',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      ...files.flatMap((file) => [
        '--files',
        `Content-Type: ${file.type}; name="${file.name}"`,
        `Content-Disposition: attachment; filename="${file.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        file.data.toString('base64').replace(/.{76}/g, '$&\r\n'),
      ]),
      '--files--',
      '',
    ].join('\r\n');

  it('files of a ticket reply are stored with it (images re-encoded); a kind the store refuses stays in the raw mail', async () => {
    const { client, ticket, replyAddress } = await ticketWithStaffReply();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const res = await webhook(
      rawMail({
        from: client.user.email!,
        to: replyAddress,
        contentType: 'multipart/mixed; boundary=files',
        body: multipart('Photo of the error attached.', [
          { name: 'screen.png', type: 'image/png', data: png },
          { name: 'tool.exe', type: 'application/octet-stream', data: exe },
        ]),
      }),
    );
    expect(res.body).toMatchObject({ outcome: 'ticket_reply' });
    const portal = await fetch(`${servers.url()}/api/service-requests/${ticket.id}`, {
      headers: { Cookie: await loginCookie(servers.url(), client) },
    });
    const thread = (await portal.json()) as {
      events: { message: string | null; attachments?: { filename: string; contentType: string; url: string }[] }[];
    };
    const reply = thread.events.find((event) => event.message?.startsWith('Photo of the error attached.'));
    expect(reply?.attachments).toEqual([
      expect.objectContaining({ filename: 'screen.webp', contentType: 'image/webp' }),
    ]);
    expect(reply?.message).toContain('Not attached (kept in the received email only): tool.exe');
    const stored = await servers.db('inbound_emails').where({ id: res.body.id }).first();
    expect(stored.parsed.attachments).toEqual([
      expect.objectContaining({ filename: 'screen.png', refused: null }),
      expect.objectContaining({ filename: 'tool.exe', refused: expect.stringContaining('not a kind of file') }),
    ]);
  });

  it("a new enquiry's files are kept with the email, for staff", async () => {
    const res = await webhook(
      rawMail({
        from: 'newcomer@elsewhere.example',
        to: `hello@${DOMAIN}`,
        contentType: 'multipart/mixed; boundary=files',
        body: multipart('Our floor plan.', [
          { name: 'plan.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n% test\n') },
        ]),
      }),
    );
    expect(res.body).toMatchObject({ outcome: 'new_enquiry' });
    const admin = await buildUser(servers.db, { accountType: 'staff', staffRole: 'admin' });
    const cookie = await loginCookie(servers.url(), admin);
    const view = await fetch(`${servers.url()}/api/admin/inbound-emails/${res.body.id}`, {
      headers: { Cookie: cookie },
    });
    const email = (await view.json()) as { files: { filename: string; url: string }[]; rawText: string };
    expect(email.files).toEqual([expect.objectContaining({ filename: 'plan.pdf' })]);
    expect(email.rawText).toContain('Our floor plan.');
    const download = await fetch(`${servers.url()}${email.files[0]!.url}`, { headers: { Cookie: cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const raw = await fetch(`${servers.url()}/api/admin/inbound-emails/${res.body.id}/raw`, {
      headers: { Cookie: cookie },
    });
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await raw.text()).toContain('Content-Disposition: attachment; filename="plan.pdf"');
  });
});

describe('inbound email: new threads', () => {
  it('a tampered token starts a new enquiry that links the thread it claimed, acknowledged like a web enquiry', async () => {
    const { ticket, replyAddress } = await ticketWithStaffReply();
    const tampered = replyAddress.replace(/[a-z2-7](?=@)/, (c) => (c === 'a' ? 'b' : 'a'));
    const res = await webhook(rawMail({ from: 'mallory@elsewhere.example', to: tampered, body: 'Let me in.' }));
    expect(res.body).toMatchObject({ outcome: 'new_enquiry' });
    expect((await ticketEvents(ticket.id)).some((event) => event.message === 'Let me in.')).toBe(false);
    const enquiry = await servers.db('enquiries').where({ inboundEmailId: res.body.id }).first();
    expect(enquiry).toMatchObject({
      earlierThreadKind: 'ticket',
      earlierThreadId: ticket.id,
      service: 'General Inquiry',
    });
    const acks = await mailsTo('mallory@elsewhere.example');
    expect(acks.map((mail) => mail.template)).toEqual(['contact-acknowledgement']);
  });

  it('a reply to a ticket completed longer ago than INBOUND_REOPEN_DAYS starts a new enquiry linking it', async () => {
    const { client, ticket, replyAddress } = await ticketWithStaffReply();
    await servers
      .db('tickets')
      .where({ id: ticket.id })
      .update({ status: 'completed', updatedAt: new Date(Date.now() - 31 * 86_400_000) });
    const res = await webhook(rawMail({ from: client.user.email!, to: replyAddress, body: 'It broke again.' }));
    // The sender is a known client (verified address): the new enquiry is a service request too.
    expect(res.body).toMatchObject({ outcome: 'new_request' });
    const enquiry = await servers.db('enquiries').where({ inboundEmailId: res.body.id }).first();
    expect(enquiry).toMatchObject({ earlierThreadKind: 'ticket', earlierThreadId: ticket.id });
    expect(await servers.db('tickets').where({ enquiryId: enquiry.id })).toHaveLength(1);
  });

  it('at most INBOUND_ACKS_PER_HOUR acknowledgements per sender; every enquiry is still stored', async () => {
    const sender = `busy-${randomUUID().slice(0, 8)}@elsewhere.example`;
    for (let i = 0; i < 4; i += 1) {
      const res = await webhook(rawMail({ from: sender, to: `hello@${DOMAIN}`, subject: `Question ${i}` }));
      expect(res.body).toMatchObject({ outcome: 'new_enquiry' });
    }
    expect(await servers.db('enquiries').where({ email: sender })).toHaveLength(4);
    expect((await mailsTo(sender)).filter((mail) => mail.template === 'contact-acknowledgement')).toHaveLength(2);
  });
});

describe('inbound email: loops and bounces', () => {
  const automatic: [string, Record<string, string>, string?][] = [
    ['Auto-Submitted: auto-replied', { 'Auto-Submitted': 'auto-replied' }],
    ['Precedence: bulk', { Precedence: 'bulk' }],
    ['Precedence: list', { Precedence: 'list' }],
    ['X-Autoreply', { 'X-Autoreply': 'yes' }],
    ['X-Autorespond', { 'X-Autorespond': 'Out of office' }],
    ['MAILER-DAEMON', {}, 'MAILER-DAEMON@mx.elsewhere.example'],
    ['postmaster', {}, 'postmaster@elsewhere.example'],
  ];
  for (const [name, headers, from] of automatic) {
    it(`${name}: kept, no thread entry, no email back`, async () => {
      const sender = from ?? `auto-${randomUUID().slice(0, 8)}@elsewhere.example`;
      const res = await webhook(rawMail({ from: sender, to: `hello@${DOMAIN}`, headers, subject: 'Out of office' }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ outcome: 'ignored' });
      expect(await mailsTo(sender)).toHaveLength(0);
      expect(await servers.db('enquiries').where({ email: sender.toLowerCase() })).toHaveLength(0);
    });
  }

  it('an auto-reply to a ticket mail adds nothing to the ticket and sends nothing back', async () => {
    const { client, ticket, replyAddress } = await ticketWithStaffReply();
    const before = (await ticketEvents(ticket.id)).length;
    const res = await smtpSend(
      rawMail({
        from: client.user.email!,
        to: replyAddress,
        headers: { 'Auto-Submitted': 'auto-replied' },
        body: 'Away.',
      }),
      { from: client.user.email!, to: [replyAddress] },
    );
    expect(res.response).toMatch(/^250 /);
    expect(await ticketEvents(ticket.id)).toHaveLength(before);
    expect((await mailsTo(client.user.email!)).map((mail) => mail.template)).toEqual(['service-request-reply']);
  });

  it('a delivery-status notification marks the outgoing mail bounced with the reason, and sends nothing', async () => {
    const { mail, messageId, client } = await ticketWithStaffReply();
    const boundary = 'dsn-boundary';
    const dsn = rawMail({
      from: 'Mail Delivery System <MAILER-DAEMON@mx.client.example>',
      to: `bounces@${DOMAIN}`,
      subject: 'Undelivered Mail Returned to Sender',
      headers: { 'Auto-Submitted': 'auto-replied' },
      contentType: `multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      body: [
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        `--${boundary}`,
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.client.example',
        '',
        `Final-Recipient: rfc822; ${mail.recipient}`,
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
        `--${boundary}`,
        'Content-Type: text/rfc822-headers',
        '',
        `Message-ID: ${messageId}`,
        'Subject: Re: your request',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    // A bounce answers a mail that went out: wait for the worker to finish with it (kept: no SMTP_URL here).
    await eventuallyRows(servers.db, `service-request-reply:`, (rows) =>
      rows.some((row) => row.id === mail.id && row.status === 'kept'),
    );
    const res = await smtpSend(dsn, { from: '', to: [`bounces@${DOMAIN}`] });
    expect(res.response).toMatch(/^250 /);
    const row = await servers.db('mails').where({ id: mail.id }).first();
    expect(row).toMatchObject({
      status: 'bounced',
      bounceReason: '5.1.1 smtp; 550 5.1.1 User unknown',
      lastError: 'Bounced: 5.1.1 smtp; 550 5.1.1 User unknown',
    });
    expect(await mailsTo('mailer-daemon@mx.client.example')).toHaveLength(0);
    const outbox = await servers.db('inbound_emails').where({ outcome: 'bounce' });
    expect(outbox.length).toBeGreaterThan(0);

    // Staff see it in the outbox and on the customer.
    const admin = await buildUser(servers.db, { accountType: 'staff', staffRole: 'admin' });
    const cookie = await loginCookie(servers.url(), admin);
    const inOutbox = await fetch(`${servers.url()}/api/admin/outbox/${mail.id}`, { headers: { Cookie: cookie } });
    expect(await inOutbox.json()).toMatchObject({
      status: 'bounced',
      lastError: expect.stringContaining('User unknown'),
    });
    const customer = await fetch(`${servers.url()}/api/admin/customers/${client.user.id}`, {
      headers: { Cookie: cookie },
    });
    const { timeline } = (await customer.json()) as { timeline: { kind: string; title: string; link: string }[] };
    expect(timeline.find((entry) => entry.kind === 'bounced_mail')).toMatchObject({
      title: expect.stringContaining('User unknown'),
      link: `/admin/outbox?mail=${mail.id}`,
    });
  });
});

describe('inbound email: the doors', () => {
  it('the webhook wants the secret (401 otherwise), a raw message (415) and answers 413 past INBOUND_MAX_BYTES', async () => {
    const raw = rawMail({ from: 'a@client.example', to: `hello@${DOMAIN}` });
    expect((await webhook(raw, null)).status).toBe(401);
    expect((await webhook(raw, 'Bearer wrong-secret')).status).toBe(401);
    expect((await webhook(raw, `Basic ${SECRET}`)).status).toBe(401);
    expect((await webhook(raw, `Bearer ${SECRET}`, 'application/json')).status).toBe(415);
    const big = rawMail({ from: 'a@client.example', to: `hello@${DOMAIN}`, body: 'x'.repeat(MAX_BYTES) });
    expect((await webhook(big)).status).toBe(413);
  });

  it('the SMTP receiver refuses other domains at RCPT (550) and oversized mail (552)', async () => {
    expect(
      await smtpRefusal(rawMail({ from: 'a@client.example', to: 'someone@elsewhere.example' }), {
        from: 'a@client.example',
        to: ['someone@elsewhere.example'],
      }),
    ).toBe(550);
    const big = rawMail({ from: 'a@client.example', to: `hello@${DOMAIN}`, body: 'x'.repeat(MAX_BYTES) });
    expect(await smtpRefusal(big, { from: 'a@client.example', to: [`hello@${DOMAIN}`] })).toBe(552);
  });
});

/** A zip whose one entry says it unpacks to 4 GB minus a byte: the shape of a zip bomb, made without unpacking. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(1_000_000));
  const name = Buffer.from('bomb.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(0xfffffffe, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(0xfffffffe, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('inbound email: hostile mail is refused with a clear 4xx or SMTP error, never a crash', () => {
  const parts = Array.from({ length: 10_000 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}`).join(
    '\r\n',
  );
  const bomb = zipBomb().toString('base64').replace(/.{76}/g, '$&\r\n');
  const hostile: [string, string, number][] = [
    ['no From', rawMail({ from: null, to: `hello@${DOMAIN}` }), 422],
    ['not a message at all', '\u0001\u0002 binary garbage without headers', 400],
    [
      'an unknown charset',
      rawMail({ from: 'a@client.example', to: `hello@${DOMAIN}`, contentType: 'text/plain; charset=x-made-up-42' }),
      400,
    ],
    [
      'a multipart without a boundary',
      rawMail({ from: 'a@client.example', to: `hello@${DOMAIN}`, contentType: 'multipart/mixed' }),
      400,
    ],
    [
      '10,000 parts',
      rawMail({
        from: 'a@client.example',
        to: `hello@${DOMAIN}`,
        contentType: 'multipart/mixed; boundary=b',
        body: `${parts}\r\n--b--`,
      }),
      400,
    ],
    [
      'a zip bomb attachment',
      rawMail({
        from: 'a@client.example',
        to: `hello@${DOMAIN}`,
        contentType: 'multipart/mixed; boundary=z',
        body: `--z\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n--z\r\nContent-Type: application/zip; name=bomb.zip\r\nContent-Disposition: attachment; filename=bomb.zip\r\nContent-Transfer-Encoding: base64\r\n\r\n${bomb}\r\n--z--`,
      }),
      400,
    ],
  ];
  for (const [name, raw, status] of hostile) {
    it(`${name}: webhook ${status}, SMTP 550, nothing stored`, async () => {
      const before = await servers.db('inbound_emails').count<{ count: string }[]>('* as count');
      const res = await webhook(raw);
      expect(res.status).toBe(status);
      expect(typeof res.body.message).toBe('string');
      expect(await smtpRefusal(raw, { from: 'a@client.example', to: [`hello@${DOMAIN}`] })).toBe(550);
      expect(await servers.db('inbound_emails').count<{ count: string }[]>('* as count')).toEqual(before);
    });
  }
});
