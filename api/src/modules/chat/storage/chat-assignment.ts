import type { Knex } from 'knex';
import { PRIORITY_RANK } from '@shared/schemas/support';
import { publish, publishAll } from '../../../live/publish';
import { recordAudits, systemActor } from '../../audit/audit-log';
import { setChatAssignee } from './conversation-changes';
import { CONVERSATION_COLUMNS, toChatConversation, type ConversationRow } from './rows';
import { STAFF_PRESENCE_STALE_MS, staffLastSeenSql, staffOnlineSql } from './staff-presence';

/**
 * What the automatic assignment (api/src/modules/assignment/, decision 187)
 * asks of chats: who is online, how many open chats each person holds, which
 * wait for someone, giving one to someone, and taking them back from staff
 * offline longer than the grace. Called inside the assigner's transaction,
 * under its lock.
 */
const assigner = systemActor('automatic assignment');

/** Staff members with a console open on some live instance. */
export async function onlineStaffIds(db: Knex | Knex.Transaction): Promise<string[]> {
  const result = await db.raw<{ rows: { userId: string }[] }>(
    `select distinct user_id as "userId" from staff_presence
     where consoles > 0 and seen_at > now() - interval '${STAFF_PRESENCE_STALE_MS} milliseconds'`,
  );
  return result.rows.map((row) => row.userId);
}

/** Open chats assigned to each of `staffIds` (those with none are absent). */
export async function openChatCounts(trx: Knex.Transaction, staffIds: string[]): Promise<Map<string, number>> {
  if (staffIds.length === 0) return new Map();
  const rows = (await trx('chat_conversations')
    .select('assigneeId')
    .count<{ assigneeId: string; count: string }[]>('* as count')
    .whereIn('assigneeId', staffIds)
    .where('status', 'active')
    .groupBy('assigneeId')) as { assigneeId: string; count: string }[];
  return new Map(rows.map((row) => [row.assigneeId, Number(row.count)]));
}

/** Open chats nobody holds, most urgent then oldest first, at most `limit`, locked (skipping any being changed). */
export async function waitingChats(
  trx: Knex.Transaction,
  limit: number,
): Promise<{ id: string; priority: keyof typeof PRIORITY_RANK; createdAt: Date }[]> {
  if (limit <= 0) return [];
  const rank = `(case priority ${Object.entries(PRIORITY_RANK)
    .map(([priority, value]) => `when '${priority}' then ${value}`)
    .join(' ')} end)`;
  const result = await trx.raw<{ rows: { id: string; priority: keyof typeof PRIORITY_RANK; createdAt: Date }[] }>(
    `select id, priority, created_at as "createdAt" from chat_conversations
     where assignee_id is null and status = 'active'
     order by ${rank}, created_at, id
     limit ? for update skip locked`,
    [limit],
  );
  return result.rows;
}

async function announce(trx: Knex.Transaction, conversationId: string): Promise<void> {
  const result = await trx.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = ?`,
    [conversationId],
  );
  const row = result.rows[0];
  if (row) {
    await publish(trx, 'chat', { kind: 'conversation', reason: 'updated', conversation: toChatConversation(row) });
  }
}

/**
 * Gives waiting chats to staff members, in one statement each step (the
 * automatic assignment's batch): stored with the moment, audited as the
 * automatic assignment's, and the consoles (the list) and each assignee
 * ("assigned to you") told.
 */
export async function assignChatsAutomatically(
  trx: Knex.Transaction,
  grants: readonly { id: string; assignee: { id: string; name: string } }[],
): Promise<void> {
  if (grants.length === 0) return;
  await trx.raw(
    `update chat_conversations c set assignee_id = g.assignee, assigned_at = clock_timestamp()
     from unnest(?::uuid[], ?::uuid[]) as g(id, assignee) where c.id = g.id`,
    [grants.map((grant) => grant.id), grants.map((grant) => grant.assignee.id)],
  );
  await recordAudits(
    trx,
    assigner,
    grants.map((grant) => ({
      action: 'chat.assigned',
      recordType: 'chat_conversation',
      recordId: grant.id,
      before: { assignee: null },
      after: { assignee: grant.assignee },
    })),
  );
  await publishAll(
    trx,
    'staff',
    grants.map((grant) => ({ kind: 'chat.assigned' as const, id: grant.id, to: grant.assignee.id })),
  );
  const result = await trx.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = any(?::uuid[])`,
    [grants.map((grant) => grant.id)],
  );
  await publishAll(
    trx,
    'chat',
    result.rows.map((row) => ({
      kind: 'conversation' as const,
      reason: 'updated' as const,
      conversation: toChatConversation(row),
    })),
  );
}

/**
 * Open chats of staff offline for longer than `graceMinutes` (counted from
 * when they were last seen, or when the chat was given to them if later) go
 * back to the pool, unassigned. Their tickets stay theirs. The number returned.
 */
export async function returnChatsOfOfflineStaff(trx: Knex.Transaction, graceMinutes: number): Promise<number> {
  const result = await trx.raw<{ rows: { id: string; assigneeId: string; assigneeName: string }[] }>(
    `select c.id, c.assignee_id as "assigneeId",
       coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.username) as "assigneeName"
     from chat_conversations c join users u on u.id = c.assignee_id
     where c.status = 'active' and not ${staffOnlineSql('u')}
       and greatest(coalesce(${staffLastSeenSql('u')}, '-infinity'), coalesce(c.assigned_at, '-infinity'))
           < now() - (? * interval '1 minute')
     order by c.id
     for update of c skip locked`,
    [graceMinutes],
  );
  for (const row of result.rows) {
    await setChatAssignee(trx, row.id, null, { id: row.assigneeId, name: row.assigneeName }, assigner);
    await announce(trx, row.id);
  }
  return result.rows.length;
}
