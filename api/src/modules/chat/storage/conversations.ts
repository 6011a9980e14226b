import type { Knex } from 'knex';
import type { ChatConversation, ListChatQuery } from '@shared/schemas/chat';
import { isUuid } from '@shared/schemas/text';
import { BadRequest, NotFound } from '../../../errors';
import { PRIORITY_RANK } from '@shared/schemas/support';
import { publish } from '../../../live/publish';
import { refreshChatClock } from '../../service-levels/clocks';
import { defaultPriorityFor } from '../../settings/plan-priorities';
import { mayChat, ownsConversation, type ChatParticipant } from '../chat-access';
import { postAwayMessage } from './away-message';
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
    // A client's plan may start their chats at a higher priority (decision 186).
    const priority = await defaultPriorityFor(trx, input.userId);
    const result = await trx.raw<{ rows: ConversationRow[] }>(
      `insert into chat_conversations as c (visitor_id, user_id, visitor_name, visitor_email, start_page, current_page,
         current_page_at, priority)
       values (?, ?, ?, ?, ?, ?, case when ?::text is null then null else now() end, ?) returning ${CONVERSATION_COLUMNS}`,
      [
        input.visitorId,
        input.userId,
        input.visitorName,
        input.visitorEmail,
        input.startPage,
        input.startPage,
        input.startPage,
        priority,
      ],
    );
    // The first-response clock starts now (decision 192).
    await refreshChatClock(trx, result.rows[0]!.id);
    const conversation = toChatConversation((await loadConversation(trx, result.rows[0]!.id))!);
    await publish(trx, 'chat', { kind: 'conversation', reason: 'created', conversation });
    // Outside business hours the visitor is told at once when the team is back.
    await postAwayMessage(trx, conversation);
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
    if (!result.rows[0]) return null;
    // Closing stops a first-response clock still running (decision 192).
    await refreshChatClock(trx, id);
    const conversation = toChatConversation((await loadConversation(trx, id))!);
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
const RANK = `(case c.priority ${Object.entries(PRIORITY_RANK)
  .map(([priority, rank]) => `when '${priority}' then ${rank}`)
  .join(' ')} end)`;

/** `%text%` for ILIKE, with the pattern characters typed taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Staff list: newest activity first (or most urgent first, then newest), with
 * unread counts and the last message's preview, filtered by status, priority
 * and assignee, searched by visitor name, email and message text; a page at a
 * time.
 */
export async function listConversations(db: Knex, query: ListChatQuery): Promise<ConversationPage> {
  const where: string[] = [];
  const bindings: (string | number)[] = [];
  const byPriority = query.sort === 'priority';
  if (query.status) {
    where.push('c.status = ?');
    bindings.push(query.status);
  }
  if (query.priority) {
    where.push('c.priority = ?');
    bindings.push(query.priority);
  }
  if (query.sla) {
    where.push(`c.sla_state = ? and c.status = 'active'`);
    bindings.push(query.sla);
  }
  if (query.assigneeId === 'none') where.push('c.assignee_id is null');
  else if (query.assigneeId) {
    where.push('c.assignee_id = ?');
    bindings.push(query.assigneeId);
  }
  if (query.q) {
    const pattern = containing(query.q);
    where.push(`(c.visitor_name ilike ? or c.visitor_email ilike ?
      or exists (select 1 from chat_messages s where s.conversation_id = c.id and s.message ilike ?))`);
    bindings.push(pattern, pattern, pattern);
  }
  if (query.before) {
    const parts = query.before.split('.');
    if (byPriority !== (parts.length === 3)) throw new BadRequest('before: Invalid cursor');
    if (byPriority) {
      // Rank ascending, then activity and id descending within a rank.
      const [rank, micros, id] = parts;
      where.push(`(${RANK} > ?::int or (${RANK} = ?::int and (${ACTIVITY_MICROS}, c.id) < (?::bigint, ?::uuid)))`);
      bindings.push(Number(rank), Number(rank), micros ?? 0, id ?? '');
    } else {
      const [micros, id] = parts;
      where.push(`(${ACTIVITY_MICROS}, c.id) < (?::bigint, ?::uuid)`);
      bindings.push(micros ?? 0, id ?? '');
    }
  }
  const result = await db.raw<{ rows: (ConversationRow & { activityMicros: number; rank: number })[] }>(
    `select ${CONVERSATION_COLUMNS}, ${ACTIVITY_MICROS} as "activityMicros", ${RANK} as rank
     from chat_conversations c
     ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by ${byPriority ? `${RANK} asc, ` : ''}${ACTIVITY_MICROS} desc, c.id desc
     limit ?`,
    [...bindings, query.limit + 1],
  );
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  const boundary = last ? `${byPriority ? `${last.rank}.` : ''}${last.activityMicros}.${last.id}` : null;
  return {
    conversations: rows.map(toChatConversation),
    nextCursor: result.rows.length > query.limit ? boundary : null,
  };
}
