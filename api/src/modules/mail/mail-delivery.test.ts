import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventuallyRows, useMailServers, withSmtp } from '../../test/mail';
import { SmtpSink } from '../../test/smtp-sink';
import { enqueueMail } from './outbox';

const sink = new (class {
  current!: SmtpSink;
})();
beforeAll(async () => {
  sink.current = await SmtpSink.start({
    refuse: (recipient) => (recipient === 'nobody@example.com' ? [550, '5.1.1 Mailbox nobody does not exist'] : null),
  });
});
afterAll(() => sink.current.stop());

const servers = useMailServers(1, () => withSmtp(sink.current.url));

const enquiry = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: null,
  company: 'Lakeshore Clinics',
  service: 'Cybersecurity Solutions' as const,
  message: 'We need a review of our firewall rules.\nTwo sites, about 40 users.',
};

function key(prefix: string) {
  return `${prefix}:${randomUUID()}`;
}

describe('mail delivery over SMTP', () => {
  it('delivers a rendered mail with its plain-text part, and records the server answer', async () => {
    const idempotencyKey = key('content');
    await enqueueMail(servers.db, {
      template: 'contact-acknowledgement',
      to: 'Priya@Example.com',
      data: { service: enquiry.service, copy: enquiry },
      idempotencyKey,
    });
    const [row] = await eventuallyRows(servers.db, idempotencyKey, (rows) => rows[0]?.status === 'sent');
    const [mail] = sink.current.to('priya@example.com');
    expect(mail).toBeDefined();
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('We received your message');
    expect(parsed.from?.text).toBe('"Northstar IT Solutions" <noreply@example.com>');
    expect(parsed.messageId).toBe(`<${row!.id}@127.0.0.1>`);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    // The copy of what they sent, in both parts; their text is escaped in the HTML.
    expect(parsed.text).toContain('We need a review of our firewall rules.\nTwo sites, about 40 users.');
    expect(parsed.text).toContain('within 24 hours');
    expect(parsed.html).toContain('Lakeshore Clinics');
    // No remote images or trackers: nothing is fetched when the mail is opened.
    expect(parsed.html).not.toMatch(/<img|src=|url\(/i);
    expect(parsed.html).toContain('name="color-scheme" content="light dark"');
    expect(row!.recipient).toBe('priya@example.com');
    expect(row!.attempts).toBe(1);
    expect(row!.smtpResponse).toMatch(/^250 .*Message queued/);
    expect(row!.sentAt).not.toBeNull();
  });

  it('sends the files stored with a mail as attachments', async () => {
    const idempotencyKey = key('files');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n');
    await enqueueMail(servers.db, {
      template: 'welcome',
      to: 'files@example.com',
      data: { name: 'Fay', username: 'fay' },
      idempotencyKey,
      attachments: [
        { filename: 'invoice-2026-000007.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'visit.ics', contentType: 'text/calendar; method=REQUEST', content: ics },
      ],
    });
    await eventuallyRows(servers.db, idempotencyKey, (rows) => rows[0]?.status === 'sent');
    const [mail] = sink.current.to('files@example.com');
    const files = mail!.parsed.attachments;
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      ['invoice-2026-000007.pdf', 'application/pdf'],
      ['visit.ics', 'text/calendar'],
    ]);
    expect(Buffer.compare(files[0]!.content, pdf)).toBe(0);
    expect(files[1]!.content.toString()).toBe(ics.toString());
    expect(mail!.raw).toMatch(/method=REQUEST/);
    // The mail itself is still there, in both parts.
    expect(mail!.parsed.text).toContain('Fay');
  });

  it('writes and sends a mail once per event and recipient', async () => {
    const idempotencyKey = key('once');
    const mail = { template: 'welcome' as const, data: { name: 'Ada', username: 'ada' }, idempotencyKey };
    expect(await enqueueMail(servers.db, { ...mail, to: ['ada@example.com', 'ADA@example.com'] })).toBe(1);
    expect(await enqueueMail(servers.db, { ...mail, to: 'ada@example.com' })).toBe(0);
    expect(await enqueueMail(servers.db, { ...mail, to: ['ada@example.com', 'grace@example.com'] })).toBe(1);
    await eventuallyRows(
      servers.db,
      idempotencyKey,
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'sent'),
    );
    const ids = (await servers.db('mails').where({ idempotencyKey }).pluck('id')) as string[];
    const arrived = sink.current.received.filter((m) => ids.some((id) => m.parsed.messageId === `<${id}@127.0.0.1>`));
    expect(arrived.map((m) => m.to).sort()).toEqual([['ada@example.com'], ['grace@example.com']]);
  });

  it('fails a mail the server refuses for good, with its answer, and never retries it', async () => {
    const idempotencyKey = key('refused');
    await enqueueMail(servers.db, {
      template: 'welcome',
      to: 'nobody@example.com',
      data: { name: 'N', username: 'n' },
      idempotencyKey,
    });
    const [row] = await eventuallyRows(servers.db, idempotencyKey, (rows) => rows[0]?.status === 'failed');
    expect(row!.lastError).toMatch(/^RCPT TO: 550 5\.1\.1 Mailbox nobody does not exist/);
    expect(row!.attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [later] = await servers.db('mails').where({ idempotencyKey });
    expect(later).toMatchObject({ status: 'failed', attempts: 1 });
    expect(sink.current.to('nobody@example.com')).toHaveLength(0);
  });

  it('keeps retrying through an SMTP outage and delivers every mail exactly once when it is back', async () => {
    const prefix = key('outage');
    await sink.current.stop();
    const recipients = Array.from({ length: 12 }, (_, i) => `outage${i}@example.com`);
    for (const [index, to] of recipients.entries()) {
      await enqueueMail(servers.db, {
        template: 'welcome',
        to,
        data: { name: `Client ${index}`, username: `client${index}` },
        idempotencyKey: `${prefix}:${index}`,
      });
    }
    // Down: every mail is retrying with the reason, none lost, none failed.
    const down = await eventuallyRows(
      servers.db,
      prefix,
      (rows) => rows.length === 12 && rows.every((r) => r.status === 'retrying' && r.attempts >= 2),
    );
    expect(down[0]!.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);

    await sink.current.start();
    const up = await eventuallyRows(servers.db, prefix, (rows) => rows.every((r) => r.status === 'sent'), 15_000);
    for (const to of recipients) expect(sink.current.to(to)).toHaveLength(1);
    const messageIds = recipients.map((to) => sink.current.to(to)[0]!.parsed.messageId);
    expect(new Set(messageIds)).toEqual(new Set(up.map((r) => `<${r.id}@127.0.0.1>`)));
  });

  it('takes over a mail whose worker died mid-delivery once its lease ran out', async () => {
    const idempotencyKey = key('lease');
    await servers.db('mails').insert({
      idempotencyKey,
      template: 'welcome',
      recipient: 'orphan@example.com',
      data: JSON.stringify({ name: 'Orphan', username: 'orphan' }),
      status: 'sending',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    const [row] = await eventuallyRows(servers.db, idempotencyKey, (rows) => rows[0]?.status === 'sent');
    expect(row!.attempts).toBe(2);
    expect(sink.current.to('orphan@example.com')).toHaveLength(1);
  });

  it('leaves alone a mail another worker holds', async () => {
    const idempotencyKey = key('held');
    await servers.db('mails').insert({
      idempotencyKey,
      template: 'welcome',
      recipient: 'held@example.com',
      data: JSON.stringify({ name: 'Held', username: 'held' }),
      status: 'sending',
      attempts: 1,
      lockedUntil: new Date(Date.now() + 60_000),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [row] = await servers.db('mails').where({ idempotencyKey });
    expect(row).toMatchObject({ status: 'sending', attempts: 1 });
    expect(sink.current.to('held@example.com')).toHaveLength(0);
  });

  it('removes the secrets of single-use links from the outbox once delivered', async () => {
    const idempotencyKey = key('secret');
    const token = `tok_${randomUUID()}`;
    await enqueueMail(servers.db, {
      template: 'password-reset',
      to: 'reset@example.com',
      data: { name: 'Reset', username: 'reset', token },
      idempotencyKey,
      secrets: [token],
    });
    const [row] = await eventuallyRows(servers.db, idempotencyKey, (rows) => rows[0]?.status === 'sent');
    expect(sink.current.to('reset@example.com')[0]!.parsed.text).toContain(`/reset-password?token=${token}`);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.textBody).toContain('/reset-password?token=[removed after delivery]');
    expect(row!.secrets).toBeNull();
  });
});
