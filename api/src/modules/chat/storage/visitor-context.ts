import type { Knex } from 'knex';
import type { ChatVisitorContext } from '@shared/schemas/chat';
import { isUuid } from '@shared/schemas/text';
import { Conflict, NotFound } from '../../../errors';
import { publish } from '../../../live/publish';
import { createTicket, requestIdFromChat } from '../../tickets/tickets.service';
import { ownsConversation, type ChatParticipant } from '../chat-access';
import { loadConversation } from './conversations';

/**
 * What staff see beside a chat: the page it started on, the page the visitor
 * is on now (reported by the widget as they move), and the client account
 * behind it. Turning a chat into a ticket lives here too.
 */

interface ContextRow {
  id: string;
  startPage: string | null;
  currentPage: string | null;
  currentPageAt: Date | null;
  userId: string | null;
  customerName: string | null;
  serviceRequestId: string | null;
}

async function loadContext(db: Knex | Knex.Transaction, id: string): Promise<ChatVisitorContext | null> {
  if (!isUuid(id)) return null;
  const result = await db.raw<{ rows: ContextRow[] }>(
    `select c.id, c.start_page as "startPage", c.current_page as "currentPage", c.current_page_at as "currentPageAt",
       u.id as "userId", coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.username) as "customerName",
       (select sr.id from tickets sr where sr.chat_conversation_id = c.id) as "serviceRequestId"
     from chat_conversations c left join users u on u.id = c.user_id and u.account_type = 'client'
     where c.id = ?`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    conversationId: row.id,
    startPage: row.startPage,
    currentPage: row.currentPage,
    currentPageAt: row.currentPageAt ? new Date(row.currentPageAt).toISOString() : null,
    customer: row.userId && row.customerName ? { id: row.userId, name: row.customerName } : null,
    serviceRequestId: row.serviceRequestId,
  };
}

/** Staff: the context of a chat. */
export async function visitorContext(db: Knex, id: string): Promise<ChatVisitorContext> {
  const context = await loadContext(db, id);
  if (!context) throw new NotFound('Conversation not found');
  return context;
}

/**
 * The visitor moved to another page: remembered, and staff consoles are told.
 * Only the chat's own visitor changes anything; for anyone else (a widget
 * remembering a chat of a session that has ended) it is quietly nothing, so
 * the answer is the same either way and pages log no failed request.
 */
export async function recordVisitorPage(db: Knex, id: string, who: ChatParticipant, page: string): Promise<void> {
  const row = await loadConversation(db, id);
  if (!row || !ownsConversation(row, who) || row.status === 'closed') return;
  await db.transaction(async (trx) => {
    await trx('chat_conversations')
      .where({ id: row.id })
      .update({
        currentPage: page,
        currentPageAt: trx.fn.now(),
        startPage: trx.raw('coalesce(start_page, ?)', [page]),
      });
    const context = await loadContext(trx, row.id);
    if (context) await publish(trx, 'chat', { kind: 'visitor_context', context });
  });
}

const transcriptTime = (value: Date) =>
  new Date(value)
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d{2}\.\d{3}Z$/, ' UTC');

/**
 * Turns a chat into a service request (once): the transcript is its first
 * message, and it belongs to the visitor's client account when they were
 * logged in.
 */
export async function chatToTicket(db: Knex, id: string, service: string): Promise<{ serviceRequestId: string }> {
  if (!isUuid(id)) throw new NotFound('Conversation not found');
  return db.transaction(async (trx) => {
    const conversation = (await trx('chat_conversations as c')
      .leftJoin('users as u', function joinClient() {
        this.on('u.id', '=', 'c.user_id').andOnVal('u.account_type', '=', 'client');
      })
      .select('c.id', 'c.visitorName', 'c.visitorEmail', 'u.id as clientId', 'u.email as clientEmail')
      .where('c.id', id)
      .forUpdate('c')
      .first()) as
      | {
          id: string;
          visitorName: string;
          visitorEmail: string | null;
          clientId: string | null;
          clientEmail: string | null;
        }
      | undefined;
    if (!conversation) throw new NotFound('Conversation not found');
    if (await requestIdFromChat(trx, id)) throw new Conflict('This chat is already a service request');
    const messages = (await trx('chat_messages')
      .select('message', 'senderType', 'createdAt')
      .where({ conversationId: id })
      .orderBy('seq')) as { message: string; senderType: 'visitor' | 'admin'; createdAt: Date }[];
    if (messages.length === 0) throw new Conflict('The chat has no messages yet');
    const name = conversation.visitorName.trim() || 'Anonymous';
    const transcript = messages
      .map((m) => `[${transcriptTime(m.createdAt)}] ${m.senderType === 'admin' ? 'Staff' : name}: ${m.message}`)
      .join('\n');
    const requestId = await createTicket(trx, {
      userId: conversation.clientId,
      name,
      email: conversation.clientEmail ?? conversation.visitorEmail ?? '',
      service,
      message: `Live chat transcript\n\n${transcript}`,
      chatConversationId: id,
    });
    const context = await loadContext(trx, id);
    if (context) await publish(trx, 'chat', { kind: 'visitor_context', context });
    return { serviceRequestId: requestId! };
  });
}
