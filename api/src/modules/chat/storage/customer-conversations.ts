import type { Knex } from 'knex';

/** One of a customer's chats, as the staff customer page lists it. */
export interface CustomerConversationRow {
  id: string;
  status: string;
  visitorName: string;
  lastMessageAt: Date | null;
  createdAt: Date;
}

/**
 * A customer's latest chats, newest first: those started signed in to the account, and, given the account's
 * verified address, those whose visitor left that address (decision 155: never an unverified one).
 */
export function conversationsOfCustomer(
  db: Knex,
  customer: { userId: string; verifiedEmail: string | null },
  limit: number,
): Promise<CustomerConversationRow[]> {
  const { userId, verifiedEmail } = customer;
  return db('chat_conversations')
    .where((where) => {
      where.where({ userId });
      if (verifiedEmail) where.orWhereRaw('lower(visitor_email) = ?', [verifiedEmail.toLowerCase()]);
    })
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .select<CustomerConversationRow[]>('id', 'status', 'visitorName', 'lastMessageAt', 'createdAt');
}
