import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { enqueueMail, MAIL_ATTACHMENTS_MAX_BYTES, staffAlertRecipients } from './outbox';

const t = setupTestApp();

async function staffAgent() {
  const agent = t.agent();
  await logIn(agent, await buildUser(t.db, { accountType: 'staff' }));
  return agent;
}

const statuses = ['sent', 'retrying', 'failed', 'kept', 'queued'] as const;

beforeAll(async () => {
  // 25 mails, one minute apart: "mail24" is the newest. Every fifth is failed.
  const start = Date.UTC(2026, 10, 1, 12, 0, 0);
  await t.db('mails').insert(
    Array.from({ length: 25 }, (_, i) => ({
      idempotencyKey: `list:${i}`,
      template: 'welcome',
      recipient: `mail${i}@example.com`,
      data: JSON.stringify({ name: `N${i}`, username: `u${i}` }),
      subject: `Subject ${i}`,
      htmlBody: `<p>Hello ${i}</p><script>alert(1)</script>`,
      textBody: `Hello ${i}`,
      status: statuses[i % 5],
      attempts: i % 5 === 0 ? 1 : 2,
      lastError: i % 5 === 2 ? 'RCPT TO: 550 5.1.1 No such user' : null,
      smtpResponse: i % 5 === 0 ? '250 OK queued' : null,
      createdAt: new Date(start + i * 60_000),
      sentAt: i % 5 === 0 ? new Date(start + i * 60_000 + 500) : null,
    })),
  );
});

describe('GET /api/admin/outbox', () => {
  it('is for staff only: 401 for visitors, 403 for clients', async () => {
    const anonymous = await t.request().get('/api/admin/outbox');
    expect(anonymous.status).toBe(401);
    const client = t.agent();
    await logIn(client, await buildUser(t.db));
    const res = await client.get('/api/admin/outbox');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Staff only' });
    expect((await client.get('/api/admin/outbox/00000000-0000-4000-8000-000000000000')).status).toBe(403);
  });

  it('lists mails newest first and pages with the cursor until the end', async () => {
    const agent = await staffAgent();
    const first = await agent.get('/api/admin/outbox?limit=10');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.mails).toHaveLength(10);
    expect(first.body.mails[0]).toEqual({
      id: expect.any(String),
      template: 'welcome',
      to: 'mail24@example.com',
      subject: 'Subject 24',
      status: 'queued',
      attempts: 2,
      lastError: null,
      createdAt: '2026-11-01T12:24:00.000Z',
      sentAt: null,
      nextAttemptAt: expect.any(String),
    });
    const seen = [...first.body.mails];
    let cursor = first.body.nextCursor as string | null;
    while (cursor) {
      const page = await agent.get(`/api/admin/outbox?limit=10&before=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.mails);
      cursor = page.body.nextCursor;
    }
    expect(seen.map((m) => m.to)).toEqual(Array.from({ length: 25 }, (_, i) => `mail${24 - i}@example.com`));
  });

  it('filters by status', async () => {
    const agent = await staffAgent();
    const res = await agent.get('/api/admin/outbox?status=failed');
    expect(res.body.mails.map((m: { to: string }) => m.to)).toEqual([
      'mail22@example.com',
      'mail17@example.com',
      'mail12@example.com',
      'mail7@example.com',
      'mail2@example.com',
    ]);
    expect(res.body.mails[0].lastError).toBe('RCPT TO: 550 5.1.1 No such user');
    expect(res.body.nextCursor).toBeNull();
  });

  it.each([
    ['status=bogus', /^status: status must be one of queued, sending/],
    ['before=12.not-a-uuid', /^before: Invalid cursor$/],
    ['limit=0', /^limit: /],
    ['limit=101', /^limit: /],
    ['page=2', /Unrecognized key/],
  ])('refuses ?%s with 400', async (query, message) => {
    const agent = await staffAgent();
    const res = await agent.get(`/api/admin/outbox?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('GET /api/admin/outbox/{id}', () => {
  it('shows one mail with its HTML, text, recipient, status and the server answer', async () => {
    const agent = await staffAgent();
    const [row] = await t.db('mails').where({ idempotencyKey: 'list:20' });
    const res = await agent.get(`/api/admin/outbox/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: row.id,
      to: 'mail20@example.com',
      from: t.deps.config.mail.from,
      replyTo: null,
      subject: 'Subject 20',
      status: 'sent',
      attempts: 1,
      html: '<p>Hello 20</p><script>alert(1)</script>',
      text: 'Hello 20',
      smtpResponse: '250 OK queued',
      idempotencyKey: 'list:20',
      sentAt: '2026-11-01T12:20:00.500Z',
      nextAttemptAt: null,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const agent = await staffAgent();
    expect((await agent.get('/api/admin/outbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const res = await agent.get('/api/admin/outbox/not-an-id');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Mail not found' });
  });
});

describe('attachments in the outbox', () => {
  const pdf = Buffer.from('%PDF-1.7\n% an invoice\n%%EOF\n');
  const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');

  async function mailWithFiles(key: string) {
    await enqueueMail(t.db, {
      template: 'welcome',
      to: 'files@example.com',
      data: { name: 'F', username: 'f' },
      idempotencyKey: key,
      attachments: [
        { filename: 'invoice-2026-000001.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'visit.ics', contentType: 'text/calendar; method=REQUEST', content: ics },
      ],
    });
    return (await t.db('mails').where({ idempotencyKey: key }).first()) as { id: string };
  }

  it('lists each file (name, type, size) in the mail, in order, and lets staff download it', async () => {
    const mail = await mailWithFiles('files:1');
    const agent = await staffAgent();
    const res = await agent.get(`/api/admin/outbox/${mail.id}`);
    expect(res.status).toBe(200);
    expect(res.body.attachments).toEqual([
      { id: expect.any(String), filename: 'invoice-2026-000001.pdf', contentType: 'application/pdf', size: pdf.length },
      { id: expect.any(String), filename: 'visit.ics', contentType: 'text/calendar; method=REQUEST', size: ics.length },
    ]);
    const file = await agent
      .get(`/api/admin/outbox/${mail.id}/attachments/${res.body.attachments[0].id}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="invoice-2026-000001.pdf"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
  });

  it('shows a file the worker makes on sending without a size until it is made, and refuses its download meanwhile', async () => {
    await enqueueMail(t.db, {
      template: 'welcome',
      to: 'later@example.com',
      data: { name: 'L', username: 'l' },
      idempotencyKey: 'files:later',
      attachments: [{ filename: 'invoice-2026-000009.pdf', contentType: 'application/pdf', source: 'invoice:x' }],
    });
    const mail = await t.db('mails').where({ idempotencyKey: 'files:later' }).first();
    const agent = await staffAgent();
    const [file] = (await agent.get(`/api/admin/outbox/${mail.id}`)).body.attachments;
    expect(file).toEqual({
      id: expect.any(String),
      filename: 'invoice-2026-000009.pdf',
      contentType: 'application/pdf',
      size: null,
    });
    const res = await agent.get(`/api/admin/outbox/${mail.id}/attachments/${file.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This file is made when the mail is first sent; it is not made yet.' });
  });

  it('shows a mail without files with an empty list', async () => {
    const agent = await staffAgent();
    const [row] = await t.db('mails').where({ idempotencyKey: 'list:3' });
    expect((await agent.get(`/api/admin/outbox/${row.id}`)).body.attachments).toEqual([]);
  });

  it('keeps files from visitors and clients, and answers 404 for a file of another mail or a bad id', async () => {
    const mail = await mailWithFiles('files:2');
    const other = await mailWithFiles('files:3');
    const staff = await staffAgent();
    const [first] = (await staff.get(`/api/admin/outbox/${mail.id}`)).body.attachments;
    const path = `/api/admin/outbox/${mail.id}/attachments/${first.id}`;
    expect((await t.request().get(path)).status).toBe(401);
    const client = t.agent();
    await logIn(client, await buildUser(t.db));
    expect((await client.get(path)).status).toBe(403);
    const wrongMail = await staff.get(`/api/admin/outbox/${other.id}/attachments/${first.id}`);
    expect(wrongMail.status).toBe(404);
    expect(wrongMail.body).toEqual({ message: 'Attachment not found' });
    expect((await staff.get(`/api/admin/outbox/${mail.id}/attachments/nope`)).status).toBe(404);
  });

  it('writes the files once with the mail: enqueueing the same event again adds nothing', async () => {
    const mail = await mailWithFiles('files:4');
    await mailWithFiles('files:4');
    expect(await t.db('mail_attachments').where({ mailId: mail.id }).count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('refuses attachments over 5 MB in all, or with an unusable name or type, and writes nothing', async () => {
    const big = Buffer.alloc(MAIL_ATTACHMENTS_MAX_BYTES / 2 + 1);
    const base = { template: 'welcome' as const, to: 'big@example.com', data: { name: 'B', username: 'b' } };
    await expect(
      enqueueMail(t.db, {
        ...base,
        idempotencyKey: 'files:big',
        attachments: [
          { filename: 'a.bin', contentType: 'application/octet-stream', content: big },
          { filename: 'b.bin', contentType: 'application/octet-stream', content: big },
        ],
      }),
    ).rejects.toThrow(/over the 5242880 allowed/);
    await expect(
      enqueueMail(t.db, {
        ...base,
        idempotencyKey: 'files:name',
        attachments: [{ filename: '../etc/passwd', contentType: 'text/plain', content: pdf }],
      }),
    ).rejects.toThrow(/unusable attachment name/);
    await expect(
      enqueueMail(t.db, {
        ...base,
        idempotencyKey: 'files:type',
        attachments: [{ filename: 'x.txt', contentType: 'text plain\r\nBcc: x@example.com', content: pdf }],
      }),
    ).rejects.toThrow(/not a MIME type/);
    expect(
      await t.db('mails').where('idempotencyKey', 'like', 'files:%').whereIn('recipient', ['big@example.com']),
    ).toEqual([]);
  });
});

describe('staff alert recipients', () => {
  it('are STAFF_ALERT_EMAIL when set, else every active staff account with an email whose role sees it', async () => {
    await buildUser(t.db, { accountType: 'staff', email: 'zed.staff@example.com' });
    await buildUser(t.db, { accountType: 'staff', email: null });
    await buildUser(t.db, { email: 'a.client@example.com' });
    await buildUser(t.db, { accountType: 'staff', staffRole: 'fulfilment', email: 'packer@example.com' });
    await buildUser(t.db, { accountType: 'staff', staffRole: 'support', email: 'helper@example.com' });
    const gone = await buildUser(t.db, { accountType: 'staff', staffRole: 'support', email: 'gone@example.com' });
    await t.db('users').where({ id: gone.user.id }).update({ deactivatedAt: new Date() });
    expect(await staffAlertRecipients(t.db, { staffAlertEmails: ['ops@example.com'] }, 'chat')).toEqual([
      'ops@example.com',
    ]);
    const chat = await staffAlertRecipients(t.db, { staffAlertEmails: [] }, 'chat');
    expect(chat).toEqual(expect.arrayContaining(['zed.staff@example.com', 'helper@example.com']));
    for (const absent of ['a.client@example.com', 'packer@example.com', 'gone@example.com']) {
      expect(chat).not.toContain(absent);
    }
    const orders = await staffAlertRecipients(t.db, { staffAlertEmails: [] }, 'orders.fulfil');
    expect(orders).toEqual(expect.arrayContaining(['zed.staff@example.com', 'packer@example.com']));
    expect(orders).not.toContain('helper@example.com');
  });
});
