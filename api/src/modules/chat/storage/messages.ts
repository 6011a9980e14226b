import type { Knex } from 'knex';
import { otherSide } from '@shared/chat';
import type { ChatConversation, ChatMessage, ChatSenderType } from '@shared/schemas/chat';
import type { ChatEvent, EventOrigin } from '../../../live/channels';
import { publish, publishAll } from '../../../live/publish';
import {
  CONVERSATION_COLUMNS,
  MESSAGE_COLUMNS,
  toChatConversation,
  toChatMessage,
  type ConversationRow,
  type MessageRow,
} from './rows';
import type { StaffAlertSettings } from '../../mail/outbox';
import { queueStaffChatAlerts } from './chat-mails';
import { loadConversation } from './conversations';

/** The most messages a history frame carries (the newest ones). */
const HISTORY_LIMIT = 1000;

export class ConversationClosedError extends Error {
  override name = 'ConversationClosedError';
}
export class ConversationMissingError extends Error {
  override name = 'ConversationMissingError';
}

export interface NewMessage {
  conversationId: string;
  senderType: ChatSenderType;
  senderId: string | null;
  text: string;
  clientId: string | null;
  origin: EventOrigin | null;
}

export type StoredMessage =
  | { duplicate: false; seq: number; message: ChatMessage; conversation: ChatConversation }
  /** The client resent a message that is already stored: nothing changed. */
  | { duplicate: true; seq: number; message: ChatMessage };

interface History {
  messages: MessageRow[];
  /** The cursor the joining socket starts from: the newest message it has been given. */
  lastSeq: number;
}

/**
 * A conversation's messages in order: all of them (up to HISTORY_LIMIT, the
 * newest), or only those after `afterId` when the client already has that one.
 */
export async function loadHistory(db: Knex, conversationId: string, afterId: string | null): Promise<History> {
  const result = await db.raw<{ rows: MessageRow[] }>(
    `with after as (
       select coalesce((select seq from chat_messages where id = ? and conversation_id = ?), 0) as seq
     )
     select ${MESSAGE_COLUMNS} from chat_messages m
     where m.conversation_id = ? and m.seq > (select seq from after)
     order by m.seq desc
     limit ?`,
    [afterId, conversationId, conversationId, HISTORY_LIMIT],
  );
  const messages = result.rows.reverse();
  let lastSeq = messages.at(-1)?.seq ?? 0;
  if (messages.length === 0 && afterId) {
    const after = await db.raw<{ rows: { seq: number }[] }>(
      'select seq from chat_messages where id = ? and conversation_id = ?',
      [afterId, conversationId],
    );
    lastSeq = after.rows[0]?.seq ?? 0;
  }
  return { messages, lastSeq };
}

/** Per conversation, the messages stored after the given `seq`, in order (catching up after missed events). */
export async function loadMissedMessages(db: Knex, after: ReadonlyMap<string, number>): Promise<MessageRow[]> {
  if (after.size === 0) return [];
  const ids = [...after.keys()];
  const result = await db.raw<{ rows: MessageRow[] }>(
    `select ${MESSAGE_COLUMNS}
     from unnest(?::uuid[], ?::bigint[]) as r(conversation_id, after_seq)
     join chat_messages m on m.conversation_id = r.conversation_id and m.seq > r.after_seq
     order by m.seq`,
    [ids, ids.map((id) => after.get(id) ?? 0)],
  );
  return result.rows;
}

/** Which of these conversations are closed. */
export async function loadClosedConversations(db: Knex, ids: string[]): Promise<ChatConversation[]> {
  if (ids.length === 0) return [];
  const result = await db.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = any(?::uuid[]) and c.status = 'closed'`,
    [ids],
  );
  return result.rows.map(toChatConversation);
}

/** A message and its conversation, for an event that was too large to carry them. */
export async function loadMessageEvent(
  db: Knex,
  messageId: string,
): Promise<{ seq: number; message: ChatMessage; conversation: ChatConversation } | null> {
  const result = await db.raw<{ rows: MessageRow[] }>(`select ${MESSAGE_COLUMNS} from chat_messages m where m.id = ?`, [
    messageId,
  ]);
  const row = result.rows[0];
  if (!row) return null;
  const conversationRow = await loadConversation(db, row.conversationId);
  if (!conversationRow) return null;
  return { seq: row.seq, message: toChatMessage(row), conversation: toChatConversation(conversationRow) };
}

/**
 * The reader has seen the other side's messages (all, or up to `upToId`).
 * Tells everyone when that changed anything.
 */
export async function markRead(
  db: Knex,
  input: { conversationId: string; readerType: ChatSenderType; upToId: string | null },
): Promise<boolean> {
  const senderType = otherSide(input.readerType);
  return db.transaction(async (trx) => {
    const updated = await trx.raw<{ rowCount: number }>(
      `update chat_messages set is_read = true
       where conversation_id = ? and sender_type = ? and not is_read
       ${input.upToId ? 'and seq <= (select seq from chat_messages where id = ? and conversation_id = ?)' : ''}`,
      input.upToId
        ? [input.conversationId, senderType, input.upToId, input.conversationId]
        : [input.conversationId, senderType],
    );
    if (updated.rowCount === 0) return false;
    const conversation = await loadConversation(trx, input.conversationId);
    await publish(trx, 'chat', {
      kind: 'read',
      readerType: input.readerType,
      upToId: input.upToId,
      conversation: toChatConversation(conversation!),
    });
    return true;
  });
}

type Outcome = StoredMessage | ConversationClosedError | ConversationMissingError;

/** A column of values (nulls included) bound as one PostgreSQL array. */
const column = (values: (string | null)[]) => values as string[];

/**
 * Stores messages, then (in the same transaction, so only once they are
 * committed) tells every instance. Locking the conversation rows first (in id
 * order: no deadlocks) makes messages of one conversation commit in the order
 * of their `seq`, which is the order NOTIFY delivers them in.
 */
export async function storeMessages(
  db: Knex,
  inputs: NewMessage[],
  staffAlerts: StaffAlertSettings = { staffAlertEmails: [] },
): Promise<Outcome[]> {
  return db.transaction(async (trx) => {
    const conversations = await lockOpenConversations(trx, [...new Set(inputs.map((input) => input.conversationId))]);
    const inserted = await insertMessages(
      trx,
      inputs.filter((input) => conversations.has(input.conversationId)),
    );
    // The summaries were read before the insert: count the new visitor messages in.
    for (const row of inserted) {
      const summary = conversations.get(row.conversationId);
      if (summary && row.senderType === 'visitor') summary.unreadCount += 1;
    }
    const { outcomes, events } = matchInserted(inputs, inserted, conversations);
    // A visitor writing while no staff console is connected: staff hear of it by email.
    await queueStaffChatAlerts(trx, inserted, conversations, staffAlerts);
    // Announced in seq order.
    events.sort((a, b) => (a.kind === 'message' && b.kind === 'message' ? a.seq - b.seq : 0));
    await publishAll(trx, 'chat', events);
    return resolveUnstored(trx, inputs, outcomes, new Set(conversations.keys()));
  });
}

/** Locks the open conversations among `ids` (in id order: no deadlocks between batches) and reads their summaries. */
async function lockOpenConversations(trx: Knex.Transaction, ids: string[]): Promise<Map<string, ConversationRow>> {
  const locked = await trx.raw<{ rows: ConversationRow[] }>(
    `update chat_conversations as c set last_message_at = now()
     where c.id in (
       select id from chat_conversations where id = any(?::uuid[]) and status = 'active' order by id for update
     )
     returning ${CONVERSATION_COLUMNS}`,
    [ids],
  );
  return new Map(locked.rows.map((row) => [row.id, row]));
}

/** Inserts the messages in one statement, in order; a client id already stored is skipped. The rows, by seq. */
async function insertMessages(trx: Knex.Transaction, writable: NewMessage[]): Promise<MessageRow[]> {
  if (writable.length === 0) return [];
  const result = await trx.raw<{ rows: MessageRow[] }>(
    `insert into chat_messages as m (conversation_id, sender_id, sender_type, message, client_id, sender_name)
     select conversation_id, sender_id, sender_type, message, client_id,
       -- The name the visitor sees on a staff reply (decision 191): the first name, as it was when written.
       case when sender_type = 'admin' then
         coalesce((select nullif(btrim(u.first_name), '') from users u where u.id = i.sender_id), 'Support')
       end
     from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::uuid[])
       with ordinality as i(conversation_id, sender_id, sender_type, message, client_id, position)
     order by position
     on conflict (conversation_id, client_id) where client_id is not null do nothing
     returning ${MESSAGE_COLUMNS}`,
    [
      writable.map((i) => i.conversationId),
      column(writable.map((i) => i.senderId)),
      writable.map((i) => i.senderType),
      writable.map((i) => i.text),
      column(writable.map((i) => i.clientId)),
    ],
  );
  return result.rows.sort((a, b) => a.seq - b.seq);
}

/**
 * Which input became which inserted row (by client id when there is one, else in order per conversation), and
 * the event of each stored message. An input no row was inserted for is null.
 */
function matchInserted(
  inputs: NewMessage[],
  inserted: MessageRow[],
  conversations: Map<string, ConversationRow>,
): { outcomes: (Outcome | null)[]; events: ChatEvent[] } {
  const byClientId = new Map<string, MessageRow>();
  const withoutClientId = new Map<string, MessageRow[]>();
  for (const row of inserted) {
    if (row.clientId) byClientId.set(`${row.conversationId}:${row.clientId}`, row);
    else withoutClientId.set(row.conversationId, [...(withoutClientId.get(row.conversationId) ?? []), row]);
  }
  const events: ChatEvent[] = [];
  const claimed = new Set<string>();
  const outcomes = inputs.map((input): Outcome | null => {
    const row = input.clientId
      ? byClientId.get(`${input.conversationId}:${input.clientId}`)
      : conversations.has(input.conversationId)
        ? withoutClientId.get(input.conversationId)?.shift()
        : undefined;
    if (!row) return null;
    const message = toChatMessage(row);
    // The same message twice in one batch (a resend racing the original): stored and announced once.
    if (claimed.has(row.id)) return { duplicate: true, seq: row.seq, message };
    claimed.add(row.id);
    const conversation = toChatConversation(conversations.get(row.conversationId)!);
    events.push({ kind: 'message', seq: row.seq, message, conversation, origin: input.origin });
    return { duplicate: false, seq: row.seq, message, conversation };
  });
  return { outcomes, events };
}

/**
 * The outcome of every input, those not stored included: a resend of a stored message (its client id exists) is
 * that message; otherwise the conversation is closed or missing.
 */
async function resolveUnstored(
  trx: Knex.Transaction,
  inputs: NewMessage[],
  outcomes: (Outcome | null)[],
  active: Set<string>,
): Promise<Outcome[]> {
  const unresolved = inputs.filter((input, index) => outcomes[index] === null);
  const existing = new Map<string, MessageRow>();
  const resent = unresolved.filter((input) => input.clientId);
  if (resent.length > 0) {
    const found = await trx.raw<{ rows: MessageRow[] }>(
      `select ${MESSAGE_COLUMNS} from chat_messages m
       join unnest(?::uuid[], ?::uuid[]) as r(conversation_id, client_id)
         on m.conversation_id = r.conversation_id and m.client_id = r.client_id`,
      [resent.map((i) => i.conversationId), column(resent.map((i) => i.clientId))],
    );
    for (const row of found.rows) existing.set(`${row.conversationId}:${row.clientId}`, row);
  }
  const missing = unresolved.filter((input) => !active.has(input.conversationId)).map((i) => i.conversationId);
  const present = new Set<string>();
  if (missing.length > 0) {
    const found = await trx.raw<{ rows: { id: string }[] }>(
      'select id from chat_conversations where id = any(?::uuid[])',
      [missing],
    );
    for (const row of found.rows) present.add(row.id);
  }
  return inputs.map((input, index) => {
    const outcome = outcomes[index];
    if (outcome) return outcome;
    const stored = input.clientId ? existing.get(`${input.conversationId}:${input.clientId}`) : undefined;
    if (stored) return { duplicate: true, seq: stored.seq, message: toChatMessage(stored) };
    return present.has(input.conversationId) ? new ConversationClosedError() : new ConversationMissingError();
  });
}
