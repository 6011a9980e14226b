import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { setupTestApp } from '../../test/test-app';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

const t = setupTestApp({ rateLimits: roomyRateLimits });
const receivers: SmtpReceiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

/** smtp-server's own self-signed localhost certificate, written out as the PEM files INBOUND_TLS_* name. */
function certificateFiles(): { certFile: string; keyFile: string } {
  const require = createRequire(import.meta.url);
  const tlsOptions = require(path.join(path.dirname(require.resolve('smtp-server')), 'tls-options.js')) as () => {
    key: string;
    cert: string;
  };
  const { key, cert } = tlsOptions();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inbound-tls-'));
  writeFileSync(path.join(dir, 'key.pem'), key);
  writeFileSync(path.join(dir, 'cert.pem'), cert);
  return { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') };
}

async function receiver(overrides: Partial<typeof t.deps.config.inbound>): Promise<SmtpReceiver> {
  const config = {
    ...t.deps.config,
    inbound: { ...t.deps.config.inbound, domain: 'reply.northstar.test', smtpHost: '127.0.0.1', ...overrides },
  };
  const started = await startSmtpReceiver({ db: t.db, config, logger: t.deps.logger }, { port: 0 });
  receivers.push(started);
  return started;
}

const message = (id: string) =>
  `From: a@client.example\r\nTo: hello@reply.northstar.test\r\nSubject: Hi\r\nMessage-ID: <${id}@client.example>\r\n\r\nHello\r\n`;

async function send(port: number, id: string, options: { requireTLS?: boolean } = {}) {
  const transport = createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: !options.requireTLS,
    requireTLS: options.requireTLS ?? false,
    tls: { rejectUnauthorized: false },
  });
  try {
    return await transport.sendMail({
      envelope: { from: 'a@client.example', to: ['hello@reply.northstar.test'] },
      raw: message(id),
    });
  } finally {
    transport.close();
  }
}

describe('the SMTP receiver', () => {
  it('offers STARTTLS when a certificate is configured, and mail arrives over it', async () => {
    const secure = await receiver({ tls: certificateFiles() });
    const info = await send(secure.port, 'tls-1', { requireTLS: true });
    expect(info.response).toMatch(/^250 /);
    expect(await t.db('inbound_emails').where({ messageId: '<tls-1@client.example>' })).toHaveLength(1);
  });

  it('offers no STARTTLS without one (a client that requires TLS gives up)', async () => {
    const plain = await receiver({ tls: null });
    await expect(send(plain.port, 'plain-1', { requireTLS: true })).rejects.toThrow(/STARTTLS/);
    expect((await send(plain.port, 'plain-2')).response).toMatch(/^250 /);
  });

  it('holds at most INBOUND_CONNECTIONS_PER_IP connections from one address (421 beyond)', async () => {
    const limited = await receiver({ connectionsPerIp: 1 });
    const first = createTransport({
      host: '127.0.0.1',
      port: limited.port,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
    });
    const second = createTransport({ host: '127.0.0.1', port: limited.port, ignoreTLS: true });
    try {
      // The pooled transport keeps its connection open after this mail.
      await first.sendMail({
        envelope: { from: 'a@client.example', to: ['x@reply.northstar.test'] },
        raw: message('held-1'),
      });
      await expect(second.verify()).rejects.toMatchObject({ responseCode: 421 });
    } finally {
      first.close();
      second.close();
    }
  });

  it('takes at most INBOUND_MAILS_PER_SENDER_PER_HOUR mails from one sender (451 beyond)', async () => {
    const limited = await receiver({ mailsPerSenderPerHour: 2 });
    const transport = (id: string) =>
      createTransport({ host: '127.0.0.1', port: limited.port, ignoreTLS: true }).sendMail({
        envelope: { from: 'flood@client.example', to: ['x@reply.northstar.test'] },
        raw: message(id),
      });
    await transport('flood-1');
    await transport('flood-2');
    await expect(transport('flood-3')).rejects.toMatchObject({ responseCode: 451 });
  });
});
