import type { Knex } from 'knex';
import { PRIORITY_RANK, type Priority } from '@shared/schemas/support';
import { publishAll } from '../../live/publish';

/**
 * What the automatic assignment (api/src/modules/assignment/, decision 187)
 * asks of tickets: how many open tickets each person holds, which open ones
 * wait for someone, and giving one to someone. Called inside the assigner's
 * transaction, under its lock.
 */
export const OPEN_TICKET_STATUSES = ['pending', 'in_progress', 'waiting_on_client'] as const;

/** Who signs an automatic assignment in a ticket's timeline. */
export const AUTOMATIC_ASSIGNMENT = 'Automatic assignment';

/** Open tickets assigned to each of `staffIds` (those with none are absent). */
export async function openTicketCounts(trx: Knex.Transaction, staffIds: string[]): Promise<Map<string, number>> {
  if (staffIds.length === 0) return new Map();
  const rows = (await trx('tickets')
    .select('assigneeId')
    .count<{ assigneeId: string; count: string }[]>('* as count')
    .whereIn('assigneeId', staffIds)
    .whereIn('status', OPEN_TICKET_STATUSES)
    .groupBy('assigneeId')) as { assigneeId: string; count: string }[];
  return new Map(rows.map((row) => [row.assigneeId, Number(row.count)]));
}

export interface WaitingItem {
  id: string;
  priority: Priority;
  createdAt: Date;
}

/**
 * Open tickets nobody holds, most urgent then oldest first, at most `limit`,
 * locked (one a staff member is changing right now is skipped: it is theirs).
 */
export async function waitingTickets(trx: Knex.Transaction, limit: number): Promise<WaitingItem[]> {
  if (limit <= 0) return [];
  const rank = `(case priority ${Object.entries(PRIORITY_RANK)
    .map(([priority, value]) => `when '${priority}' then ${value}`)
    .join(' ')} end)`;
  const result = await trx.raw<{ rows: WaitingItem[] }>(
    `select id, priority, created_at as "createdAt" from tickets
     where assignee_id is null and status = any(?::text[])
     order by ${rank}, created_at, id
     limit ? for update skip locked`,
    [[...OPEN_TICKET_STATUSES], limit],
  );
  return result.rows;
}

/**
 * Gives waiting tickets to staff members, in one statement each step (the
 * automatic assignment's batch): each recorded in its timeline as the
 * automatic assignment's, and the consoles and each assignee told.
 */
export async function assignTicketsAutomatically(
  trx: Knex.Transaction,
  grants: readonly { id: string; assignee: { id: string; name: string } }[],
): Promise<void> {
  if (grants.length === 0) return;
  const ids = grants.map((grant) => grant.id);
  const assignees = grants.map((grant) => grant.assignee.id);
  await trx.raw(
    `update tickets r set assignee_id = g.assignee, updated_at = clock_timestamp()
     from unnest(?::uuid[], ?::uuid[]) as g(id, assignee) where r.id = g.id`,
    [ids, assignees],
  );
  await trx.raw(
    `insert into ticket_events (ticket_id, kind, actor_type, actor_name, assignee_id, assignee_name,
       created_at)
     select g.id, 'assignment', 'system', ?, g.assignee, g.name, clock_timestamp()
     from unnest(?::uuid[], ?::uuid[], ?::text[]) as g(id, assignee, name)`,
    [AUTOMATIC_ASSIGNMENT, ids, assignees, grants.map((grant) => grant.assignee.name)],
  );
  await publishAll(
    trx,
    'staff',
    grants.flatMap((grant) => [
      { kind: 'service_request.updated' as const, id: grant.id },
      { kind: 'service_request.assigned' as const, id: grant.id, to: grant.assignee.id },
    ]),
  );
}
