import type { Knex } from 'knex';

/** How many active chats have a visitor message no staff member has read (the dashboard; a partial index). */
export async function countWaitingChats(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `select count(distinct m.conversation_id)::int as count from chat_messages m
       join chat_conversations c on c.id = m.conversation_id
      where not m.is_read and m.sender_type = 'visitor' and c.status = 'active'`,
  );
  return rows[0]!.count;
}
