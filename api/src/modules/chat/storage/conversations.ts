import type { Knex } from 'knex';
import type { ChatConversation, ListChatQuery } from '@shared/schemas/chat';
import { isUuid } from '@shared/schemas/text';
import { NotFound } from '../../../errors';
import { publish } from '../../../live/publish';
import { mayChat, ownsConversation, type ChatParticipant } from '../chat-access';
import { CONVERSATION_COLUMNS, toChatConversation, type ConversationRow } from './rows';
import { askAfterChatClosed } from '../../surveys/surveys.service';

/** A conversation by id, with its unread count; undefined when there is none (or the id is not a UUID). */
export async function loadConversation(db: Knex | Knex.Transaction, id: string): Promise<ConversationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const result = await db.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = ?`,
    [id],
  );
  return result.rows[0];
}

interface NewConversation {
  visitorId: string;
  userId: string | null;
  visitorName: string;
  visitorEmail: string | null;
  /** The page the chat was started on. */
  startPage: string | null;
}

/** Starts a conversation bound to the visitor's session (and account), and tells staff. */
export async function startConversation(db: Knex, input: NewConversation): Promise<ChatConversation> {
  return db.transaction(async (trx) => {
    const result = await trx.raw<{ rows: ConversationRow[] }>(
      `insert into chat_conversations as c (visitor_id, user_id, visitor_name, visitor_email, start_page, current_page,
         current_page_at)
       values (?, ?, ?, ?, ?, ?, case when ?::text is null then null else now() end) returning ${CONVERSATION_COLUMNS}`,
      [
        input.visitorId,
        input.userId,
        input.visitorName,
        input.visitorEmail,
        input.startPage,
        input.startPage,
        input.startPage,
      ],
    );
    const conversation = toChatConversation(result.rows[0]!);
    await publish(trx, 'chat', { kind: 'conversation', reason: 'created', conversation });
    return conversation;
  });
}

/** The conversation if `who` may see it (its visitor, or staff who answer chats); 404 otherwise, whether or not it exists. */
export async function conversationFor(db: Knex, id: string, who: ChatParticipant): Promise<ConversationRow> {
  const row = await loadConversation(db, id);
  if (!row || !(mayChat(who) || ownsConversation(row, who))) throw new NotFound('Conversation not found');
  return row;
}

/** The visitor leaves (or changes) the email staff can answer to. */
export async function updateVisitorEmail(
  db: Knex,
  id: string,
  who: ChatParticipant,
  visitorEmail: string | null,
): Promise<ChatConversation> {
  const row = await loadConversation(db, id);
  if (!row || !ownsConversation(row, who)) throw new NotFound('Conversation not found');
  return db.transaction(async (trx) => {
    const result = await trx.raw<{ rows: ConversationRow[] }>(
      `update chat_conversations as c set visitor_email = ? where c.id = ? returning ${CONVERSATION_COLUMNS}`,
      [visitorEmail, id],
    );
    const conversation = toChatConversation(result.rows[0]!);
    await publish(trx, 'chat', { kind: 'conversation', reason: 'updated', conversation });
    return conversation;
  });
}

/** Closes a conversation and tells everyone in it. Closing a closed one changes nothing. */
export async function closeConversation(db: Knex, id: string): Promise<ChatConversation> {
  if (!isUuid(id)) throw new NotFound('Conversation not found');
  const closed = await db.transaction(async (trx) => {
    const result = await trx.raw<{ rows: ConversationRow[] }>(
      `update chat_conversations as c set status = 'closed', closed_at = now()
       where c.id = ? and c.status = 'active' returning ${CONVERSATION_COLUMNS}`,
      [id],
    );
    const row = result.rows[0];
    if (!row) return null;
    const conversation = toChatConversation(row);
    // "How did we do?": asked in the widget if the visitor has it open, else emailed (decision 191).
    await askAfterChatClosed(trx, conversation.id);
    await publish(trx, 'chat', { kind: 'closed', conversation });
    return conversation;
  });
  if (closed) return closed;
  const existing = await loadConversation(db, id);
  if (!existing) throw new NotFound('Conversation not found');
  return toChatConversation(existing);
}

interface ConversationPage {
  conversations: ChatConversation[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: string | null;
}

const ACTIVITY_MICROS = '(extract(epoch from coalesce(c.last_message_at, c.created_at)) * 1000000)::bigint';

/** Staff list: newest activity first, with unread counts, a page at a time. */
export async function listConversations(db: Knex, query: ListChatQuery): Promise<ConversationPage> {
  const where: string[] = [];
  const bindings: (string | number)[] = [];
  if (query.status) {
    where.push('c.status = ?');
    bindings.push(query.status);
  }
  if (query.before) {
    const [micros, id] = query.before.split('.');
    where.push(`(${ACTIVITY_MICROS}, c.id) < (?::bigint, ?::uuid)`);
    bindings.push(micros ?? 0, id ?? '');
  }
  const result = await db.raw<{ rows: (ConversationRow & { activityMicros: number })[] }>(
    `select ${CONVERSATION_COLUMNS}, ${ACTIVITY_MICROS} as "activityMicros"
     from chat_conversations c
     ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by ${ACTIVITY_MICROS} desc, c.id desc
     limit ?`,
    [...bindings, query.limit + 1],
  );
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    conversations: rows.map(toChatConversation),
    nextCursor: result.rows.length > query.limit && last ? `${last.activityMicros}.${last.id}` : null,
  };
}
