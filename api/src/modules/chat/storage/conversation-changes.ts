import type { Knex } from 'knex';
import type { ChatConversation, UpdateStaffChat } from '@shared/schemas/chat';
import type { Priority } from '@shared/schemas/support';
import { isUuid } from '@shared/schemas/text';
import { BadRequest, Conflict, NotFound } from '../../../errors';
import { publish } from '../../../live/publish';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { assignableStaff } from '../../users/staff-accounts';
import { CONVERSATION_COLUMNS, toChatConversation, type ConversationRow } from './rows';

/** An assignee must be active staff whose role answers chats (as tickets' assignees, decision 156). */
export const CHAT_NOT_ASSIGNABLE = 'assigneeId: not a staff member who answers live chats';

/**
 * Where a chat's priority change is announced to whoever depends on it
 * (issue 26): the service-level clocks recompute its due time here. A
 * listener runs inside the transaction that changed it, with the row locked;
 * if it throws, the change is rolled back. The returned function removes it.
 */
export type ChatPriorityListener = (
  trx: Knex.Transaction,
  change: { conversationId: string; from: Priority; to: Priority },
) => Promise<void>;

const priorityListeners = new Set<ChatPriorityListener>();

export function onChatPriorityChanged(listener: ChatPriorityListener): () => void {
  priorityListeners.add(listener);
  return () => priorityListeners.delete(listener);
}

async function lockConversation(trx: Knex.Transaction, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw new NotFound('Conversation not found');
  const result = await trx.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = ? for update of c`,
    [id],
  );
  const row = result.rows[0];
  if (!row) throw new NotFound('Conversation not found');
  return row;
}

async function reread(trx: Knex.Transaction, id: string): Promise<ChatConversation> {
  const result = await trx.raw<{ rows: ConversationRow[] }>(
    `select ${CONVERSATION_COLUMNS} from chat_conversations c where c.id = ?`,
    [id],
  );
  return toChatConversation(result.rows[0]!);
}

/**
 * Gives a chat to a staff member (or nobody) inside the caller's transaction,
 * the conversation row already locked: stores it with the moment, audits it,
 * tells the consoles (the list) and the new assignee ("assigned to you").
 * Used by staff's changes and by the automatic assignment.
 */
export async function setChatAssignee(
  trx: Knex.Transaction,
  conversationId: string,
  assignee: { id: string; name: string } | null,
  before: { id: string; name: string } | null,
  actor: AuditActor,
): Promise<void> {
  await trx('chat_conversations')
    .where({ id: conversationId })
    .update({ assigneeId: assignee?.id ?? null, assignedAt: assignee ? trx.raw('clock_timestamp()') : null });
  await recordAudit(trx, actor, {
    action: assignee ? 'chat.assigned' : 'chat.unassigned',
    recordType: 'chat_conversation',
    recordId: conversationId,
    before: { assignee: before },
    after: { assignee },
  });
  // "Assigned to you": the new assignee's consoles, unless they took it themselves.
  if (assignee && assignee.id !== actor.id) {
    await publish(trx, 'staff', { kind: 'chat.assigned', id: conversationId, to: assignee.id });
  }
}

/**
 * Staff change a chat's priority and/or assignee. The row is locked first,
 * so two changes at once apply one after the other; assigning it to whom it
 * already has is a 409 (as for tickets); an assignee who may not answer
 * chats is a 400; nothing changes on a refusal.
 */
export async function updateStaffChat(
  db: Knex,
  id: string,
  change: UpdateStaffChat,
  actor: AuditActor,
): Promise<ChatConversation> {
  return db.transaction(async (trx) => {
    const row = await lockConversation(trx, id);
    if (change.assigneeId !== undefined) {
      if (change.assigneeId === row.assigneeId) {
        if (change.priority === undefined) {
          throw new Conflict(
            row.assigneeName ? `The chat is already assigned to ${row.assigneeName}` : 'The chat is already unassigned',
          );
        }
      } else {
        const assignee = change.assigneeId === null ? null : await assignableStaff(trx, change.assigneeId, 'chat');
        if (change.assigneeId !== null && !assignee) throw new BadRequest(CHAT_NOT_ASSIGNABLE);
        const before = row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null;
        await setChatAssignee(trx, row.id, assignee, before, actor);
      }
    }
    if (change.priority !== undefined && change.priority !== row.priority) {
      await trx('chat_conversations').where({ id: row.id }).update({ priority: change.priority });
      await recordAudit(trx, actor, {
        action: 'chat.priority_changed',
        recordType: 'chat_conversation',
        recordId: row.id,
        before: { priority: row.priority },
        after: { priority: change.priority },
      });
      for (const listener of priorityListeners) {
        await listener(trx, { conversationId: row.id, from: row.priority, to: change.priority });
      }
    }
    const conversation = await reread(trx, row.id);
    await publish(trx, 'chat', { kind: 'conversation', reason: 'updated', conversation });
    return conversation;
  });
}
