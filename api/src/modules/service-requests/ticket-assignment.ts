import type { Knex } from 'knex';
import { PRIORITY_RANK, type Priority } from '@shared/schemas/support';
import { publish } from '../../live/publish';
import { recordTicketEvent } from './ticket-events';

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
  const rows = (await trx('service_requests')
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
    `select id, priority, created_at as "createdAt" from service_requests
     where assignee_id is null and status = any(?::text[])
     order by ${rank}, created_at, id
     limit ? for update skip locked`,
    [[...OPEN_TICKET_STATUSES], limit],
  );
  return result.rows;
}

/**
 * Gives a waiting ticket to a staff member, recorded in its timeline as the
 * automatic assignment's, and tells the consoles and the assignee.
 */
export async function assignTicketAutomatically(
  trx: Knex.Transaction,
  requestId: string,
  assignee: { id: string; name: string },
): Promise<void> {
  await trx('service_requests').where({ id: requestId }).update({ assigneeId: assignee.id });
  await recordTicketEvent(
    trx,
    requestId,
    { type: 'system', name: AUTOMATIC_ASSIGNMENT },
    { kind: 'assignment', assignee },
  );
  await publish(trx, 'staff', { kind: 'service_request.updated', id: requestId });
  await publish(trx, 'staff', { kind: 'service_request.assigned', id: requestId, to: assignee.id });
}
