import type { Knex } from 'knex';
import type { Config } from '../config';
import type { MailRow } from '../modules/mail/mail-row';
import type { MailWorkerOptions } from '../modules/mail/mail-worker';
import type { TestConfigOverrides } from './config';
import { useApiServers, type ApiServers } from './servers';

/** Mail timings short enough for tests: retries after ~50 ms, look for work every 50 ms. */
export const quickMail: MailWorkerOptions = {
  pollIntervalMs: 50,
  retry: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 50 },
  smtpTimeoutMs: 2_000,
  stopTimeoutMs: 2_000,
};

/**
 * `count` real API instances on one fresh database for one test file, each
 * with its own configuration (e.g. its own SMTP_URL) and mail worker options.
 */
export function useMailServers(
  count: number,
  configure: (index: number) => TestConfigOverrides,
  mail: MailWorkerOptions = quickMail,
): ApiServers {
  return useApiServers(count, { configure, mail });
}

/** The configuration's mail settings with an SMTP server (the rest as in tests). */
export function withSmtp(smtpUrl: string | null, extra: Partial<Config['mail']> = {}): Pick<Config, 'mail'> {
  return {
    mail: { smtpUrl, from: '"Northstar IT Solutions" <noreply@example.com>', staffAlertEmails: [], ...extra },
  };
}

/** Outbox rows, oldest first, optionally only those of one idempotency key prefix. */
export async function outboxRows(db: Knex, keyPrefix = ''): Promise<MailRow[]> {
  return db('mails')
    .where('idempotencyKey', 'like', `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`)
    .orderBy([{ column: 'createdAt' }, { column: 'recipient' }]);
}

/** Resolves once `check` passes for the outbox rows matching the prefix. */
export async function eventuallyRows(
  db: Knex,
  keyPrefix: string,
  check: (rows: MailRow[]) => boolean,
  timeoutMs = 10_000,
): Promise<MailRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await outboxRows(db, keyPrefix);
    if (check(rows)) return rows;
    if (Date.now() > deadline) {
      throw new Error(
        `outbox not as expected in time: ${JSON.stringify(rows.map((r) => [r.recipient, r.status, r.attempts, r.lastError]))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
