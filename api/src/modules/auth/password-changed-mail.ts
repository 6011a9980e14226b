import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { enqueueMail } from '../mail/outbox';
import type { User } from '../users/user.model';

/**
 * Tells the account's address that its password changed (issue 29), in the transaction that changed it: someone
 * whose account was taken over learns of it, with the way to take it back. To the same address a reset link would go
 * to; an account without an email gets nothing. Each change is its own mail (its own key).
 */
export async function queuePasswordChangedMail(
  trx: Knex.Transaction,
  user: Pick<User, 'email' | 'firstName' | 'username'>,
  how: 'changed' | 'reset',
): Promise<void> {
  if (!user.email) return;
  await enqueueMail(trx, {
    template: 'password-changed',
    to: user.email,
    data: { name: user.firstName || user.username, username: user.username, changedAt: new Date().toISOString(), how },
    idempotencyKey: `password-changed:${randomUUID()}`,
  });
}
