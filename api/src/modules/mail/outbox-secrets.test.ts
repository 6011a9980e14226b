import { describe, expect, it } from 'vitest';
import { buildUser, logIn } from '../../test/factories';
import { setupTestApp } from '../../test/test-app';
import { enqueueMail } from './outbox';
import { SECRET_HIDDEN } from './outbox.service';
import { mailContext, renderMail } from './render-mail';

// The outbox as production shows it: no single-use link is ever readable by staff, in any status.
const prod = setupTestApp({ env: 'production' });
// Outside production the outbox is the developer's mailbox: links are shown, and marked as such.
const dev = setupTestApp();

type App = typeof prod;

async function staffAgent(app: App) {
  const agent = app.agent();
  await logIn(agent, await buildUser(app.db, { accountType: 'staff' }));
  return agent;
}

/** What the mail worker would have kept of an attempt: the rendered mail, in `status`. */
async function renderedAs(app: App, idempotencyKey: string, status: string) {
  const row = await app.db('mails').where({ idempotencyKey }).first();
  const content = await renderMail(row.template, row.data, mailContext(app.deps.config.publicUrl));
  await app
    .db('mails')
    .where({ id: row.id })
    .update({
      status,
      attempts: 1,
      subject: content.subject,
      htmlBody: content.html,
      textBody: content.text,
      lastError: status === 'retrying' || status === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
    });
  return row.id as string;
}

const TOKEN = 'S3cretT0ken_abcdefghijklmnopqrstuvwxyz01234';
const statuses = ['queued', 'retrying', 'failed', 'sent', 'kept'] as const;

describe('secrets of mails in the outbox', () => {
  it('a reset link staff triggered for a client is hidden from every staff member in production, in every status', async () => {
    const staff = await staffAgent(prod);
    const { user } = await buildUser(prod.db, { email: 'victim.client@example.com' });
    expect((await staff.post(`/api/admin/customers/${user.id}/password-reset`)).status).toBe(202);
    const row = await prod.db('mails').where({ recipient: 'victim.client@example.com' }).first();
    const token = (row.data as { token: string }).token;
    for (const status of statuses) {
      const id = await renderedAs(prod, row.idempotencyKey, status);
      const detail = await staff.get(`/api/admin/outbox/${id}`);
      expect(detail.status).toBe(200);
      expect(JSON.stringify(detail.body)).not.toContain(token);
      expect(detail.body.text).toContain(`/reset-password?token=${SECRET_HIDDEN}`);
      expect(detail.body.secretLinks).toBe('hidden');
      const list = await staff.get('/api/admin/outbox');
      expect(JSON.stringify(list.body)).not.toContain(token);
    }
  });

  it.each([
    ['password-reset', { name: 'A', username: 'a', token: TOKEN }],
    ['email-change', { name: 'A', username: 'a', newEmail: 'new@example.com', token: TOKEN }],
    [
      'consultation-proposed',
      {
        requestId: '5e1f0c2a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
        name: 'A',
        startsAt: '2026-12-01T20:30:00.000Z',
        timeZone: 'America/Chicago',
        durationMinutes: 60,
        confirmToken: TOKEN,
      },
    ],
  ] as const)('the %s template declares its link secret, whoever enqueues it', async (template, data) => {
    const key = `declared:${template}`;
    // No `secrets` given: the template's declaration is enough.
    await enqueueMail(prod.db, { template, to: `${template}@example.com`, data, idempotencyKey: key } as never);
    const id = await renderedAs(prod, key, 'retrying');
    const detail = await (await staffAgent(prod)).get(`/api/admin/outbox/${id}`);
    expect(JSON.stringify(detail.body)).not.toContain(TOKEN);
    expect(detail.body.html).toContain(SECRET_HIDDEN);
  });

  it('outside production shows the live link, marked as such; mails without secrets are unmarked', async () => {
    const staff = await staffAgent(dev);
    await enqueueMail(dev.db, {
      template: 'password-reset',
      to: 'dev@example.com',
      data: { name: 'D', username: 'd', token: TOKEN },
      idempotencyKey: 'dev:1',
    });
    const id = await renderedAs(dev, 'dev:1', 'kept');
    const detail = await staff.get(`/api/admin/outbox/${id}`);
    expect(detail.body.text).toContain(`/reset-password?token=${TOKEN}`);
    expect(detail.body.secretLinks).toBe('shown');

    await enqueueMail(dev.db, {
      template: 'welcome',
      to: 'plain@example.com',
      data: { name: 'P', username: 'p' },
      idempotencyKey: 'dev:2',
    });
    const plain = await staff.get(`/api/admin/outbox/${await renderedAs(dev, 'dev:2', 'sent')}`);
    expect(plain.body.secretLinks).toBeNull();
  });
});
