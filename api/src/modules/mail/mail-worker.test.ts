import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/global-setup';
import { eventuallyRows, quickMail, withSmtp } from '../../test/mail';
import { setupTestApp } from '../../test/test-app';
import { startMailWorker, type MailWorker } from './mail-worker';
import { enqueueMail } from './outbox';

// The app without a server: no worker runs until a test starts one.
const t = setupTestApp();

let worker: MailWorker | null = null;
afterEach(async () => {
  await worker?.stop();
  worker = null;
});

function start(mail: ReturnType<typeof withSmtp>['mail'], env: 'test' | 'production' = 'test', maxAttempts = 50) {
  worker = startMailWorker(
    { db: t.db, logger: t.deps.logger, config: { ...t.deps.config, env, mail } },
    { ...quickMail, retry: { ...quickMail.retry!, maxAttempts } },
  );
}

describe('the mail worker', () => {
  it('without SMTP_URL renders mails and keeps them, links included, outside production', async () => {
    await enqueueMail(t.db, {
      template: 'password-reset',
      to: 'kept@example.com',
      data: { name: 'Kept', username: 'kept', token: 'dev-token-123' },
      idempotencyKey: 'kept:1',
      secrets: ['dev-token-123'],
    });
    start(withSmtp(null).mail);
    const [row] = await eventuallyRows(t.db, 'kept:1', (rows) => rows[0]?.status === 'kept');
    expect(row!.subject).toBe('Reset your password');
    expect(row!.htmlBody).toContain('<html');
    expect(row!.textBody).toContain('/reset-password?token=dev-token-123');
    expect(row!.attempts).toBe(1);
    expect(row!.sentAt).toBeNull();
  });

  it('in production without SMTP_URL keeps mails but not the secrets of their links', async () => {
    await enqueueMail(t.db, {
      template: 'password-reset',
      to: 'kept-prod@example.com',
      data: { name: 'Kept', username: 'kept', token: 'prod-token-456' },
      idempotencyKey: 'kept:2',
      secrets: ['prod-token-456'],
    });
    start(withSmtp(null).mail, 'production');
    const [row] = await eventuallyRows(t.db, 'kept:2', (rows) => rows[0]?.status === 'kept');
    expect(JSON.stringify(row)).not.toContain('prod-token-456');
  });

  it('gives up on a mail after the last attempt, with the last reason', async () => {
    const port = await freePort(); // nothing listens there
    await enqueueMail(t.db, {
      template: 'welcome',
      to: 'unreachable@example.com',
      data: { name: 'U', username: 'u' },
      idempotencyKey: 'give-up:1',
    });
    start(withSmtp(`smtp://127.0.0.1:${port}`).mail, 'test', 3);
    const [row] = await eventuallyRows(t.db, 'give-up:1', (rows) => rows[0]?.status === 'failed');
    expect(row!.attempts).toBe(3);
    expect(row!.lastError).toMatch(/^Gave up after 3 attempts: .*ECONNREFUSED/);
  });

  it('fails a mail whose template cannot be rendered, without holding up the others', async () => {
    await t.db('mails').insert({
      idempotencyKey: 'broken:1',
      template: 'no-such-template',
      recipient: 'broken@example.com',
      data: JSON.stringify({}),
    });
    await enqueueMail(t.db, {
      template: 'welcome',
      to: 'fine@example.com',
      data: { name: 'Fine', username: 'fine' },
      idempotencyKey: 'broken:2',
    });
    start(withSmtp(null).mail);
    const rows = await eventuallyRows(t.db, 'broken:', (all) =>
      all.every((r) => r.status === 'failed' || r.status === 'kept'),
    );
    expect(rows.find((r) => r.recipient === 'broken@example.com')).toMatchObject({
      status: 'failed',
      lastError: 'Could not render the "no-such-template" template: Unknown mail template "no-such-template"',
    });
    expect(rows.find((r) => r.recipient === 'fine@example.com')?.status).toBe('kept');
  });
});
