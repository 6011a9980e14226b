import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseEnv({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeNull();
  });

  it('names the bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live_123' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ TRUST_PROXY: 'maybe' })).toThrow(ConfigError);
  });

  it('requires a session secret and public URL in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.com' })).toThrow(
      /SESSION_SECRET is required when NODE_ENV=production/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_URL/);
    const config = parseEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://www.example.com/',
    });
    expect(config.publicUrl).toBe('https://www.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('reads the mail settings: SMTP server, sender and staff alert addresses', () => {
    expect(parseEnv({}).mail).toEqual({
      smtpUrl: null,
      from: '"Northstar IT Solutions" <hello@example.com>',
      staffAlertEmails: [],
    });
    const config = parseEnv({
      SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      MAIL_FROM: 'Northstar IT <it@example.com>',
      STAFF_ALERT_EMAIL: 'Ops@Example.com, desk@example.com,ops@example.com',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://user:pass@smtp.example.com:587',
      from: 'Northstar IT <it@example.com>',
      staffAlertEmails: ['ops@example.com', 'desk@example.com'],
    });
    expect(() => parseEnv({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL must start with smtp:\/\//);
    expect(() => parseEnv({ MAIL_FROM: 'Northstar <not-an-address>' })).toThrow(/MAIL_FROM must be an address/);
    expect(() => parseEnv({ STAFF_ALERT_EMAIL: 'ops@example.com, nope' })).toThrow(
      /STAFF_ALERT_EMAIL "nope" is not an email address/,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://www.example.com',
        SMTP_URL: 'smtps://smtp.example.com',
      }),
    ).toThrow(/MAIL_FROM is required when NODE_ENV=production and SMTP_URL is set/);
  });

  it('reads the HTTP timeouts, and refuses a request timeout shorter than the headers timeout', () => {
    expect(parseEnv({}).http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(
      parseEnv({
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '8000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000',
      }).http,
    ).toEqual({ headersTimeoutMs: 5_000, requestTimeoutMs: 8_000, keepAliveTimeoutMs: 120_000 });
    expect(() => parseEnv({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS/,
    );
    expect(() => parseEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '10' })).toThrow(
      /HTTP_KEEP_ALIVE_TIMEOUT_MS must be at least 1000/,
    );
  });

  it('reads the chat socket caps per session and per IP', () => {
    expect(parseEnv({}).chatSockets).toEqual({ perSession: 10, perIp: 200 });
    expect(parseEnv({ CHAT_MAX_SOCKETS_PER_SESSION: '4', CHAT_MAX_SOCKETS_PER_IP: '5000' }).chatSockets).toEqual({
      perSession: 4,
      perIp: 5000,
    });
    expect(() => parseEnv({ CHAT_MAX_SOCKETS_PER_SESSION: '0' })).toThrow(
      /CHAT_MAX_SOCKETS_PER_SESSION must be at least 1/,
    );
    expect(() => parseEnv({ CHAT_MAX_SOCKETS_PER_IP: 'many' })).toThrow(/CHAT_MAX_SOCKETS_PER_IP/);
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeNull();
  });

  it('generates the session secret once outside production and keeps it private', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('generates an admin token once outside production, and never in production', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.adminToken?.length).toBeGreaterThanOrEqual(32);
    expect(first.adminTokenFile).toBe(path.join(dataDir, 'admin-token'));
    expect(loadConfig({ DATA_DIR: dataDir }).adminToken).toBe(first.adminToken);
    expect(statSync(path.join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);

    const given = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'an-operator-chosen-token' });
    expect(given).toMatchObject({ adminToken: 'an-operator-chosen-token', adminTokenFile: null });
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://www.example.com',
    });
    expect(production).toMatchObject({ adminToken: null, adminTokenFile: null });
  });

  it('reads the Stripe API URL (tests only) and the per-user payment limit', () => {
    expect(() => parseEnv({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
    expect(parseEnv({ STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe.apiUrl).toBe('http://127.0.0.1:12111');
    expect(parseEnv({}).rateLimits.paymentIntentsPerUser).toEqual({ limit: 30, windowMs: 3_600_000 });
    expect(parseEnv({ PAYMENT_LIMIT_PER_HOUR: '500' }).rateLimits.paymentIntentsPerUser.limit).toBe(500);
    expect(() => parseEnv({ PAYMENT_LIMIT_PER_HOUR: '0' })).toThrow(/PAYMENT_LIMIT_PER_HOUR/);
  });
});

describe('inbound email configuration (docs/inbound-email.md)', () => {
  it('is off by default: no SMTP receiver, no webhook, 25 MB, 30 days', () => {
    const config = parseEnv({});
    expect(config.inbound).toMatchObject({
      domain: null,
      smtpPort: null,
      tls: null,
      webhookSecret: null,
      maxBytes: 25 * 1024 * 1024,
      reopenDays: 30,
    });
  });

  it('reads every INBOUND_ variable, the domain lower-cased', () => {
    const config = parseEnv({
      INBOUND_DOMAIN: 'Reply.Example.com',
      INBOUND_SMTP_PORT: '2525',
      INBOUND_EMAIL_SECRET: 'a-long-enough-inbound-secret-123',
      INBOUND_MAX_BYTES: '1000000',
      INBOUND_REOPEN_DAYS: '7',
      INBOUND_ACKS_PER_HOUR: '5',
    });
    expect(config.inbound).toMatchObject({
      domain: 'reply.example.com',
      smtpPort: 2525,
      webhookSecret: 'a-long-enough-inbound-secret-123',
      maxBytes: 1_000_000,
      reopenDays: 7,
      acknowledgementsPerHour: 5,
    });
  });

  it('names each bad inbound variable', () => {
    expect(() => parseEnv({ INBOUND_SMTP_PORT: '2525' })).toThrow(/INBOUND_DOMAIN is required when INBOUND_SMTP_PORT/);
    expect(() => parseEnv({ INBOUND_DOMAIN: 'not a domain' })).toThrow(/INBOUND_DOMAIN must be a domain name/);
    expect(() => parseEnv({ INBOUND_DOMAIN: 'r.example.com', INBOUND_EMAIL_SECRET: 'short' })).toThrow(
      /INBOUND_EMAIL_SECRET must be at least 24 characters/,
    );
    expect(() => parseEnv({ INBOUND_TLS_CERT: '/nonexistent/cert.pem' })).toThrow(/INBOUND_TLS_KEY is required/);
    expect(() =>
      parseEnv({ INBOUND_TLS_CERT: '/nonexistent/cert.pem', INBOUND_TLS_KEY: '/nonexistent/key.pem' }),
    ).toThrow(/INBOUND_TLS_CERT names no file/);
    expect(() => parseEnv({ INBOUND_MAX_BYTES: '5' })).toThrow(/INBOUND_MAX_BYTES must be at least 10000/);
  });
});
