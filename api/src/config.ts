import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { emailAddress } from '@shared/schemas/text';
import { company } from '@shared/site/company';

/**
 * The only reader of process.env. Everything the server can be told from
 * outside is named, validated and documented here (and in docs/configuration.md).
 */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .string()
  .url('must be a URL')
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://');

/** The desktop staff console's page origin (desktop/src/main/app-protocol.ts). */
const DEFAULT_DESKTOP_ORIGINS = 'app://console';

/** Comma-separated origins (scheme://host[:port]) of desktop consoles, or `none`. */
const desktopOrigins = z.string().transform((value, ctx) => {
  if (value.trim() === 'none') return [];
  const origins = value.split(',').map((entry) => entry.trim());
  for (const origin of origins) {
    if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s,]+$/.test(origin) || origin.endsWith(':')) {
      ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as app://console` });
      return z.NEVER;
    }
  }
  return [...new Set(origins)];
});

/** `address@example.com` or `Display Name <address@example.com>`, as MAIL_FROM takes it. */
const mailbox = z.string().transform((value, ctx) => {
  const trimmed = value.trim();
  const match = /^(?:"?([^"<>]*?)"?\s*)?<([^<>]+)>$/.exec(trimmed);
  const address = match ? match[2]! : trimmed;
  if (!emailAddress.safeParse(address).success) {
    ctx.addIssue({ code: 'custom', message: 'must be an address such as "Northstar IT <it@example.com>"' });
    return z.NEVER;
  }
  return trimmed;
});

/** Comma-separated email addresses (lower-cased, without repeats). */
const addressList = z.string().transform((value, ctx) => {
  const addresses = value.split(',').map((entry) => entry.trim().toLowerCase());
  for (const address of addresses) {
    if (!emailAddress.safeParse(address).success) {
      ctx.addIssue({ code: 'custom', message: `"${address}" is not an email address` });
      return z.NEVER;
    }
  }
  return [...new Set(addresses)];
});

const milliseconds = (min: number, max: number) =>
  z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const socketCount = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int('must be an integer').min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: postgresUrl.optional(),
    PUBLIC_URL: z
      .string()
      .url('must be a URL such as https://www.example.com')
      .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
    // Test-only: where the Stripe SDK sends API calls (a local fake of Stripe's API).
    STRIPE_API_URL: z
      .string()
      .url('must be a URL')
      .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
      .optional(),
    PAYMENT_LIMIT_PER_HOUR: z.coerce.number().int('must be an integer').min(1).max(1_000_000).default(30),
    TRUST_PROXY: booleanFromEnv.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    DATA_DIR: z.string().min(1).default('.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int('must be an integer').min(1).max(65535).default(54329),
    DESKTOP_ORIGINS: desktopOrigins.prefault(DEFAULT_DESKTOP_ORIGINS),
    SMTP_URL: z
      .string()
      .url('must be a URL such as smtp://user:password@smtp.example.com:587')
      .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: mailbox.optional(),
    STAFF_ALERT_EMAIL: addressList.optional(),
    HTTP_HEADERS_TIMEOUT_MS: milliseconds(1_000, 300_000).default(20_000),
    HTTP_REQUEST_TIMEOUT_MS: milliseconds(1_000, 3_600_000).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(1_000, 3_600_000).default(65_000),
    CHAT_MAX_SOCKETS_PER_SESSION: socketCount.default(10),
    CHAT_MAX_SOCKETS_PER_IP: socketCount.default(200),
    // Inbound email (docs/inbound-email.md): the built-in SMTP receiver and the provider webhook.
    INBOUND_SMTP_PORT: z.coerce.number().int('must be an integer').min(0).max(65535).optional(),
    INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
    INBOUND_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/,
        'must be a domain name such as reply.example.com',
      )
      .optional(),
    INBOUND_TLS_CERT: z.string().min(1).optional(),
    INBOUND_TLS_KEY: z.string().min(1).optional(),
    INBOUND_MAX_BYTES: z.coerce
      .number()
      .int('must be a whole number of bytes')
      .min(10_000, 'must be at least 10000')
      .max(100 * 1024 * 1024, 'must be at most 104857600')
      .default(25 * 1024 * 1024),
    INBOUND_EMAIL_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
    INBOUND_REOPEN_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650).default(30),
    INBOUND_ACKS_PER_HOUR: z.coerce.number().int('must be a whole number').min(0).max(1000).default(3),
    INBOUND_CONNECTIONS_PER_IP: z.coerce.number().int('must be a whole number').min(1).max(10_000).default(10),
    INBOUND_MAILS_PER_SENDER_PER_HOUR: z.coerce
      .number()
      .int('must be a whole number')
      .min(1)
      .max(1_000_000)
      .default(120),
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_REQUEST_TIMEOUT_MS < env.HTTP_HEADERS_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_REQUEST_TIMEOUT_MS'],
        message: 'must be at least HTTP_HEADERS_TIMEOUT_MS',
      });
    }
    if ((env.INBOUND_TLS_CERT === undefined) !== (env.INBOUND_TLS_KEY === undefined)) {
      const missing = env.INBOUND_TLS_CERT === undefined ? 'INBOUND_TLS_CERT' : 'INBOUND_TLS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other of INBOUND_TLS_CERT/KEY' });
    }
    for (const name of ['INBOUND_TLS_CERT', 'INBOUND_TLS_KEY'] as const) {
      const file = env[name];
      if (file !== undefined && !existsSync(file)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `names no file (${file})` });
      }
    }
    if ((env.INBOUND_SMTP_PORT !== undefined || env.INBOUND_EMAIL_SECRET !== undefined) && !env.INBOUND_DOMAIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['INBOUND_DOMAIN'],
        message:
          'is required when INBOUND_SMTP_PORT or INBOUND_EMAIL_SECRET is set (replies go to reply+…@INBOUND_DOMAIN)',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when NODE_ENV=production' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is required when NODE_ENV=production and SMTP_URL is set',
      });
    }
  });

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The site's public origin, e.g. https://www.example.com (no trailing slash). */
  publicUrl: string;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  /** null → run the embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  dataDir: string;
  sessionSecret: string;
  adminToken: string | null;
  /** Where the generated admin token is kept (outside production, when ADMIN_TOKEN is unset). */
  adminTokenFile: string | null;
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    /** Test-only: the base URL of a fake Stripe API; null means api.stripe.com. */
    apiUrl: string | null;
  };
  trustProxy: boolean;
  /** Origins of the desktop staff console: CORS on /api and bearer sessions are allowed from them. */
  desktopOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  mail: {
    /** null → mails are rendered and kept in the outbox, not sent. */
    smtpUrl: string | null;
    /** The From header of every mail. */
    from: string;
    /** Where staff alerts go; empty → every staff account with an email. */
    staffAlertEmails: string[];
  };
  /** `auto`: one readable line per event in development on a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** How long the HTTP server waits for clients (docs/decisions/072-http-timeouts.md). */
  http: {
    /** From connecting (or the end of the previous response) to the request's complete headers. */
    headersTimeoutMs: number;
    /** From connecting to the request's complete body. */
    requestTimeoutMs: number;
    /** How long an idle keep-alive connection is kept after a response. */
    keepAliveTimeoutMs: number;
  };
  /** How many chat sockets one instance holds open for one client (docs/decisions/078-chat-socket-caps.md). */
  chatSockets: {
    /** Per browser session or desktop console session (the session cookie or bearer token). */
    perSession: number;
    /** Per client IP address (as TRUST_PROXY sees it). */
    perIp: number;
  };
  /** Receiving mail (docs/inbound-email.md). Replies are threaded only when `domain` is set. */
  inbound: {
    /** The domain of reply addresses (`reply+<token>@domain`); the SMTP receiver accepts only its recipients. */
    domain: string | null;
    /** The built-in SMTP receiver's port; null → off. */
    smtpPort: number | null;
    smtpHost: string;
    /** PEM certificate and key files: STARTTLS is offered when set. */
    tls: { certFile: string; keyFile: string } | null;
    /** The largest message accepted (SMTP 552, webhook 413). */
    maxBytes: number;
    /** The webhook's bearer secret; null → POST /api/inbound-email answers 404. */
    webhookSecret: string | null;
    /** A reply to a thread closed longer ago than this starts a new enquiry instead. */
    reopenDays: number;
    /** Automatic acknowledgements one sender gets per hour, at most. */
    acknowledgementsPerHour: number;
    /** Simultaneous SMTP connections from one IP address. */
    connectionsPerIp: number;
    /** Mails one sending address may hand the SMTP receiver per hour (451 beyond). */
    mailsPerSenderPerHour: number;
  };
  rateLimits: {
    /** Login attempts from one IP, whatever the usernames. */
    loginPerIp: RateLimitRule;
    /** Login attempts for one username from one IP. */
    loginPerUserAndIp: RateLimitRule;
    /** Failed logins for one username from everywhere; past it only known devices and addresses may try. */
    loginFailuresPerUsername: RateLimitRule;
    signupPerIp: RateLimitRule;
    contactPerIp: RateLimitRule;
    /** Acknowledgements of contact enquiries one address receives; past it the enquiry is kept but not acknowledged. */
    contactAcknowledgementsPerRecipient: RateLimitRule;
    /** Checkouts, consultation payments and subscription changes a user may start. */
    paymentIntentsPerUser: RateLimitRule;
    /** Seeding attempts (right or wrong token) per IP. */
    adminSeedPerIp: RateLimitRule;
    /** Password-reset requests and confirmations per IP (429 beyond). */
    passwordResetPerIp: RateLimitRule;
    /** Reset emails per account; requests beyond are answered the same but send nothing. */
    passwordResetPerAccount: RateLimitRule;
    /** Password changes tried by one logged-in account (a wrong current password counts). */
    passwordChangePerUser: RateLimitRule;
    /** Confirmation emails for a new address one account may ask for. */
    emailChangePerUser: RateLimitRule;
    /** Chat conversations one network may start (the widget starts one per visitor). */
    chatStartPerIp: RateLimitRule;
    /** Staff invitation link look-ups and accepts per IP (429 beyond). */
    invitationLinkPerIp: RateLimitRule;
    /** Quote link look-ups, accepts and declines per IP (429 beyond). */
    quoteLinkPerIp: RateLimitRule;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;

export const defaultRateLimits: Config['rateLimits'] = {
  loginPerIp: { limit: 20, windowMs: FIFTEEN_MINUTES },
  loginPerUserAndIp: { limit: 10, windowMs: FIFTEEN_MINUTES },
  loginFailuresPerUsername: { limit: 50, windowMs: FIFTEEN_MINUTES },
  signupPerIp: { limit: 10, windowMs: ONE_HOUR },
  contactPerIp: { limit: 10, windowMs: ONE_HOUR },
  contactAcknowledgementsPerRecipient: { limit: 3, windowMs: ONE_DAY },
  paymentIntentsPerUser: { limit: 30, windowMs: ONE_HOUR },
  adminSeedPerIp: { limit: 10, windowMs: FIFTEEN_MINUTES },
  passwordResetPerIp: { limit: 10, windowMs: FIFTEEN_MINUTES },
  passwordResetPerAccount: { limit: 3, windowMs: ONE_HOUR },
  passwordChangePerUser: { limit: 10, windowMs: FIFTEEN_MINUTES },
  emailChangePerUser: { limit: 5, windowMs: ONE_HOUR },
  chatStartPerIp: { limit: 20, windowMs: ONE_HOUR },
  invitationLinkPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
  quoteLinkPerIp: { limit: 60, windowMs: FIFTEEN_MINUTES },
};

/**
 * Validates an environment. Throws ConfigError naming every bad variable.
 * Secrets that are missing outside production are left empty here and filled
 * by `loadConfig` from files under DATA_DIR.
 */
export function parseEnv(env: Record<string, string | undefined>): Omit<Config, 'sessionSecret'> & {
  sessionSecret: string | null;
} {
  // Treat empty variables as unset: `FOO=` in a .env file means "no value".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL ?? null,
    embeddedPostgresPort: e.EMBEDDED_PG_PORT,
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET ?? null,
    adminToken: e.ADMIN_TOKEN ?? null,
    adminTokenFile: null,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      apiUrl: e.STRIPE_API_URL ?? null,
    },
    trustProxy: e.TRUST_PROXY,
    desktopOrigins: e.DESKTOP_ORIGINS,
    logLevel: e.LOG_LEVEL,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${company.name}" <${company.email}>`,
      staffAlertEmails: e.STAFF_ALERT_EMAIL ?? [],
    },
    logFormat: e.LOG_FORMAT,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    chatSockets: { perSession: e.CHAT_MAX_SOCKETS_PER_SESSION, perIp: e.CHAT_MAX_SOCKETS_PER_IP },
    inbound: {
      domain: e.INBOUND_DOMAIN ?? null,
      smtpPort: e.INBOUND_SMTP_PORT ?? null,
      smtpHost: e.INBOUND_SMTP_HOST,
      tls:
        e.INBOUND_TLS_CERT && e.INBOUND_TLS_KEY ? { certFile: e.INBOUND_TLS_CERT, keyFile: e.INBOUND_TLS_KEY } : null,
      maxBytes: e.INBOUND_MAX_BYTES,
      webhookSecret: e.INBOUND_EMAIL_SECRET ?? null,
      reopenDays: e.INBOUND_REOPEN_DAYS,
      acknowledgementsPerHour: e.INBOUND_ACKS_PER_HOUR,
      connectionsPerIp: e.INBOUND_CONNECTIONS_PER_IP,
      mailsPerSenderPerHour: e.INBOUND_MAILS_PER_SENDER_PER_HOUR,
    },
    rateLimits: {
      ...defaultRateLimits,
      paymentIntentsPerUser: { ...defaultRateLimits.paymentIntentsPerUser, limit: e.PAYMENT_LIMIT_PER_HOUR },
    },
  };
}

/**
 * Reads a secret kept under the data directory, creating it on first use.
 * Used only outside production, so `npm start` works with no set-up and
 * sessions survive restarts.
 */
export function persistentSecret(dataDir: string, fileName: string, bytes = 32): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(bytes).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

const ADMIN_TOKEN_FILE = 'admin-token';

/** The server's configuration from process.env (plus generated secrets outside production). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env);
  // Outside production, seeding from /admin works out of the box with a token kept under DATA_DIR.
  const generateAdminToken = !parsed.adminToken && parsed.env !== 'production';
  return {
    ...parsed,
    sessionSecret: parsed.sessionSecret ?? persistentSecret(parsed.dataDir, 'session-secret'),
    adminToken: generateAdminToken ? persistentSecret(parsed.dataDir, ADMIN_TOKEN_FILE) : parsed.adminToken,
    adminTokenFile: generateAdminToken ? path.join(parsed.dataDir, ADMIN_TOKEN_FILE) : null,
  };
}

/** For process entry points: the configuration, or the list of bad variables on stderr and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
