import type { Knex } from 'knex';
import { Conflict } from '../../errors';

export const LAST_ADMIN =
  'This is the last active admin: make another account admin first, so that someone can still manage staff.';

/**
 * Before an account stops being an active admin (a role change, a
 * deactivation, a demotion to client): refuses with 409 when it is the last
 * one. Every active admin row is locked `for update` before counting, so two
 * demotions at once queue here, and the second counts what the first left
 * (PostgreSQL re-reads a locked row that changed before taking it). An
 * account that is not an active admin changes no admin's count: it passes.
 * Call it in the transaction that makes the change.
 */
export async function assertAnotherActiveAdmin(trx: Knex.Transaction, userId: string): Promise<void> {
  const admins = await trx('users')
    .select('id')
    .where({ accountType: 'staff', staffRole: 'admin' })
    .whereNull('deactivatedAt')
    .orderBy('id')
    .forUpdate();
  if (!admins.some((admin: { id: string }) => admin.id === userId)) return;
  if (admins.length < 2) throw new Conflict(LAST_ADMIN);
}
