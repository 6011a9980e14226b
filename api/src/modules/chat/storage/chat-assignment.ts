import type { Knex } from 'knex';
import { PRIORITY_RANK } from '@shared/schemas/support';
import { publish } from '../../../live/publish';
import { systemActor } from '../../audit/audit-log';
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

/** Gives a waiting chat to a staff member (audited as the automatic assignment's); the consoles and they hear of it. */
export async function assignChatAutomatically(
  trx: Knex.Transaction,
  conversationId: string,
  assignee: { id: string; name: string },
): Promise<void> {
  await setChatAssignee(trx, conversationId, assignee, null, assigner);
  await announce(trx, conversationId);
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
