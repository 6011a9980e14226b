import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { CHAT_CHANNEL, encodeChatEvent, type ChatEvent } from './chat-events';
import {
  ConversationClosedError,
  ConversationMissingError,
  type NewMessage,
  type StoredMessage,
} from './chat-messages.service';
import {
  CONVERSATION_COLUMNS,
  MESSAGE_COLUMNS,
  toChatConversation,
  toChatMessage,
  type ConversationRow,
  type MessageRow,
} from './chat-rows';

type Outcome = StoredMessage | ConversationClosedError | ConversationMissingError;

/** A column of values (nulls included) bound as one PostgreSQL array. */
const column = (values: (string | null)[]) => values as string[];

/**
 * Stores messages, then (in the same transaction, so only once they are
 * committed) tells every instance. Locking the conversation rows first (in id
 * order: no deadlocks) makes messages of one conversation commit in the order
 * of their `seq`, which is the order NOTIFY delivers them in.
 */
export async function storeMessages(db: Knex, inputs: NewMessage[]): Promise<Outcome[]> {
  return db.transaction(async (trx) => {
    const conversationIds = [...new Set(inputs.map((input) => input.conversationId))];
    // Lock the open conversations (in id order: no deadlocks between batches) and read their summaries.
    const locked = await trx.raw<{ rows: ConversationRow[] }>(
      `update chat_conversations as c set last_message_at = now()
       where c.id in (
         select id from chat_conversations where id = any(?::uuid[]) and status = 'active' order by id for update
       )
       returning ${CONVERSATION_COLUMNS}`,
      [conversationIds],
    );
    const conversations = new Map(locked.rows.map((row) => [row.id, row]));
    const writable = inputs.filter((input) => conversations.has(input.conversationId));
    let inserted: MessageRow[] = [];
    if (writable.length > 0) {
      const result = await trx.raw<{ rows: MessageRow[] }>(
        `insert into chat_messages as m (conversation_id, sender_id, sender_type, message, client_id)
         select conversation_id, sender_id, sender_type, message, client_id
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
      inserted = result.rows.sort((a, b) => a.seq - b.seq);
    }
    // The summaries were read before the insert: count the new visitor messages in.
    for (const row of inserted) {
      const summary = conversations.get(row.conversationId);
      if (summary && row.senderType === 'visitor') summary.unreadCount += 1;
    }
    const active = new Set(conversations.keys());

    // Which input became which row: by client id when there is one, else in order per conversation.
    const byClientId = new Map<string, MessageRow>();
    const withoutClientId = new Map<string, MessageRow[]>();
    for (const row of inserted) {
      if (row.clientId) byClientId.set(`${row.conversationId}:${row.clientId}`, row);
      else withoutClientId.set(row.conversationId, [...(withoutClientId.get(row.conversationId) ?? []), row]);
    }
    const events: ChatEvent[] = [];
    const claimed = new Set<string>();
    const outcomes: (Outcome | null)[] = inputs.map((input) => {
      const row = input.clientId
        ? byClientId.get(`${input.conversationId}:${input.clientId}`)
        : active.has(input.conversationId)
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
    if (events.length > 0) {
      events.sort((a, b) => (a.kind === 'message' && b.kind === 'message' ? a.seq - b.seq : 0));
      // unnest returns the payloads in array order, so NOTIFY sends them in seq order.
      await trx.raw('select pg_notify(?, payload) from unnest(?::text[]) as payload', [
        CHAT_CHANNEL,
        events.map(encodeChatEvent),
      ]);
    }

    // Not stored: a resend of a stored message (its client id exists), or a closed or missing conversation.
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
  });
}

interface Waiting {
  input: NewMessage;
  resolve(outcome: StoredMessage): void;
  reject(error: unknown): void;
}

/**
 * Group commit for chat messages. PostgreSQL commits transactions that NOTIFY
 * one at a time (a cluster-wide lock held through the WAL flush), so one
 * transaction per message would cap the whole chat at one disk flush per
 * message. Messages that arrive while batches are in flight go together in
 * the next one: one flush for all of them. A lone message goes at once.
 * Two batches may be in flight, so one runs its statements while the other
 * waits for its commit; row locks keep each conversation in order.
 */
export class MessageWriter {
  private queue: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly maxBatch = 250,
    private readonly maxInFlight = 2,
  ) {}

  store(input: NewMessage): Promise<StoredMessage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.inFlight += 1;
    void this.write(batch).finally(() => {
      this.inFlight -= 1;
      this.next();
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await storeMessages(
        this.db,
        batch.map((waiting) => waiting.input),
      );
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index]!;
        if (outcome instanceof Error) waiting.reject(outcome);
        else waiting.resolve(outcome);
      });
    } catch (err) {
      this.logger.error({ err, messages: batch.length }, 'storing chat messages failed');
      for (const waiting of batch) waiting.reject(err);
    }
  }
}
