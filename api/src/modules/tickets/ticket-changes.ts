import type { Knex } from 'knex';
import { hasPlaceholder, UNFILLED_PLACEHOLDER_MESSAGE } from '@shared/canned-replies';
import { rolesWith } from '@shared/staff-roles';
import {
  formatTicketNumber,
  statusChangeRefusal,
  type TicketThread,
  type TicketReplyInput,
  type TicketReplyResult,
  type UpdateTicket,
} from '@shared/schemas/tickets';
import { BadRequest, Conflict, Forbidden } from '../../errors';
import type { Attachment } from '@shared/schemas/attachments';
import { insertAttachment, type PreparedAttachment } from '../attachments/attachment-store';
import { enqueueMail } from '../mail/outbox';
import { askAfterTicketCompleted } from '../surveys/surveys.service';
import { TICKET_EVENT_OWNER } from './ticket-attachments';
import { User } from '../users/user.model';
import { recordTicketEvent, type TicketActor } from './ticket-events';
import { publish } from '../../live/publish';
import { recordTicketFirstResponse, refreshTicketClock } from '../service-levels/clocks';
import { displayNameSql, TICKET_COLUMNS, TICKET_FROM, type TicketRow } from './ticket-rows';
import { ticketPriorityChanged } from './ticket-priority';
import { readThread, ticketFor } from './ticket-thread';

/** A staff account by id, with its display name; null when there is none (or it is a client). */
/** An assignee must be active staff whose role works on requests (decision 167). */
export const NOT_ASSIGNABLE = 'assigneeId: not a staff member who works on service requests';

async function staffMember(trx: Knex.Transaction, id: string): Promise<{ id: string; name: string } | null> {
  const row = (await trx('users as u')
    .select('u.id', trx.raw(`${displayNameSql('u')} as name`))
    .where({ 'u.id': id, 'u.accountType': 'staff' })
    .whereIn('u.staffRole', rolesWith('service_requests.work'))
    .whereNull('u.deactivatedAt')
    .first()) as { id: string; name: string } | undefined;
  return row ?? null;
}

/**
 * Staff change a ticket's status, assignee and/or priority. The row is locked first, so
 * two staff changing it at once are applied one after the other, each
 * checked against what the other left, and both are recorded. An illegal
 * status change is a 409 with the reason; nothing changes on a refusal.
 */
export async function updateTicket(db: Knex, id: string, staff: User, change: UpdateTicket): Promise<TicketThread> {
  await db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, staff, { forUpdate: true });
    if (change.assigneeId !== undefined && change.assigneeId !== row.assigneeId) {
      const assignee = change.assigneeId === null ? null : await staffMember(trx, change.assigneeId);
      if (change.assigneeId !== null && !assignee) throw new BadRequest(NOT_ASSIGNABLE);
      await trx('tickets')
        .where({ id: row.id })
        .update({ assigneeId: assignee?.id ?? null });
      await recordTicketEvent(trx, row.id, { type: 'staff', user: staff }, { kind: 'assignment', assignee });
      await publish(trx, 'staff', { kind: 'service_request.updated', id: row.id });
      // "Assigned to you": the new assignee's consoles (live and as a notification), unless they took it themselves.
      if (assignee && assignee.id !== staff.id) {
        await publish(trx, 'staff', { kind: 'service_request.assigned', id: row.id, to: assignee.id });
      }
    } else if (change.assigneeId !== undefined && change.status === undefined && change.priority === undefined) {
      throw new Conflict(
        row.assigneeName
          ? `The request is already assigned to ${row.assigneeName}`
          : 'The request is already unassigned',
      );
    }
    if (change.priority !== undefined && change.priority !== row.priority) {
      await trx('tickets').where({ id: row.id }).update({ priority: change.priority });
      await recordTicketEvent(
        trx,
        row.id,
        { type: 'staff', user: staff },
        { kind: 'priority', priority: change.priority },
      );
      await ticketPriorityChanged(trx, { requestId: row.id, from: row.priority, to: change.priority });
      // The priority picks the service-level targets: the due times move (decision 192).
      await refreshTicketClock(trx, row.id);
      await publish(trx, 'staff', { kind: 'service_request.updated', id: row.id });
    }
    if (change.status !== undefined) {
      const refusal = statusChangeRefusal(row.status, change.status);
      if (refusal) throw new Conflict(refusal);
      await trx('tickets').where({ id: row.id }).update({ status: change.status });
      await recordTicketEvent(
        trx,
        row.id,
        { type: 'staff', user: staff },
        { kind: 'status', fromStatus: row.status, toStatus: change.status },
      );
      // Waiting on the client pauses the clocks, completing stops them, reopening restarts them.
      await refreshTicketClock(trx, row.id);
      // "How did we do?" once the work is done (decision 191).
      if (change.status === 'completed') await askAfterTicketCompleted(trx, row.id);
      await publish(trx, 'staff', { kind: 'service_request.updated', id: row.id });
    }
  });
  return readThread(db, id, staff);
}

/** Where a client's mails go: their account's current address, else the one on the request. */
async function clientAddress(trx: Knex.Transaction, userId: string | null, fallback: string): Promise<string | null> {
  if (userId) {
    const user = (await trx('users').select('email').where({ id: userId }).first()) as
      { email: string | null } | undefined;
    if (user?.email) return user.email;
  }
  return fallback || null;
}

/**
 * A reply on a ticket. Clients write public replies on their own tickets
 * (one waiting on them goes back to in progress); staff write public replies,
 * emailed to the client with a link back, or internal notes, which no client
 * ever receives.
 */
export async function addTicketReply(
  db: Knex,
  id: string,
  caller: User,
  input: TicketReplyInput,
  files: readonly PreparedAttachment[] = [],
): Promise<TicketReplyResult> {
  if (input.internal && !caller.isStaff) throw new Forbidden('Internal notes are for staff only');
  // A canned reply's placeholder left unfilled never reaches a client as braces (decision 188).
  if (caller.isStaff && !input.internal && hasPlaceholder(input.message)) {
    throw new BadRequest(UNFILLED_PLACEHOLDER_MESSAGE);
  }
  return db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, caller, { forUpdate: true });
    if (!caller.isStaff && row.status === 'cancelled') {
      throw new Conflict('This request was cancelled. Please send a new request or contact us.');
    }
    if (!caller.isStaff) {
      return recordClientReply(trx, row, { type: 'client', user: caller }, input.message, files);
    }
    const actor = { type: 'staff', user: caller } as const;
    const event = await recordTicketEvent(trx, row.id, actor, {
      kind: input.internal ? 'note' : 'reply',
      message: input.message,
    });
    const attachments = await attachFiles(trx, event.id, caller.id, files);
    if (!input.internal) {
      // A public reply by a staff member's account is the first response (never a note; decision 192).
      await recordTicketFirstResponse(trx, row.id);
      const to = await clientAddress(trx, row.userId, row.email);
      if (to) {
        await enqueueMail(trx, {
          template: 'service-request-reply',
          to,
          data: {
            requestId: row.id,
            ticketNumber: formatTicketNumber(row.number),
            name: row.name,
            service: row.service,
            reply: input.message,
            staffName: caller.displayName,
            ...(attachments.length > 0 ? { attachments: attachments.map((file) => file.filename) } : {}),
          },
          idempotencyKey: `service-request-reply:${event.id}`,
          thread: { kind: 'ticket', id: row.id },
        });
      }
    }
    await publish(trx, 'staff', { kind: 'service_request.updated', id: row.id });
    return { event: { ...event, attachments }, status: row.status };
  });
}

/**
 * A client's public reply, from the portal or by email (inbound-email): recorded, a ticket waiting on the client
 * goes back to in progress, and staff hear of it live (and on the desktop: `service_request.client_reply`).
 */
async function recordClientReply(
  trx: Knex.Transaction,
  row: TicketRow,
  actor: TicketActor & { type: 'client' },
  message: string,
  files: readonly PreparedAttachment[],
  email?: { inboundEmailId: string; differentAddress: string | null },
): Promise<TicketReplyResult> {
  const event = await recordTicketEvent(trx, row.id, actor, { kind: 'reply', message, ...email });
  const attachments = await attachFiles(trx, event.id, actor.user?.id ?? null, files);
  let status = row.status;
  if (row.status === 'waiting_on_client') {
    status = 'in_progress';
    await trx('tickets').where({ id: row.id }).update({ status });
    await recordTicketEvent(trx, row.id, actor, { kind: 'status', fromStatus: row.status, toStatus: status });
    // Back from waiting on the client: the service-level clocks run again (decision 192).
    await refreshTicketClock(trx, row.id);
  }
  await publish(trx, 'staff', { kind: 'service_request.client_reply', id: row.id });
  return { event: { ...event, attachments }, status };
}

/** A reply's files, stored with its timeline entry (the attachment store, decision 190). */
async function attachFiles(
  trx: Knex.Transaction,
  eventId: string,
  uploadedById: string | null,
  files: readonly PreparedAttachment[],
): Promise<Attachment[]> {
  const attachments: Attachment[] = [];
  for (const file of files) {
    attachments.push(
      await insertAttachment(trx, { ownerType: TICKET_EVENT_OWNER, ownerId: eventId, uploadedById }, file),
    );
  }
  return attachments;
}

export interface EmailedTicketReply {
  message: string;
  /** The sender's name from the From header; the ticket's name when it has none. */
  senderName: string | null;
  inboundEmailId: string;
  /** The sender's address when it is not the one the reply address was sent to. */
  differentAddress: string | null;
  /** A ticket completed longer ago than this no longer takes replies (a new enquiry links it instead). */
  reopenDays: number;
  /** The mail's files, checked and prepared by the attachment store. */
  files: readonly PreparedAttachment[];
}

/**
 * A client's reply by email (docs/inbound-email.md): the same as a portal reply (`recordClientReply`), written
 * as the ticket's client account when it has one. A cancelled ticket, or one completed more than `reopenDays`
 * ago, takes no reply: the caller starts a new enquiry that links it.
 */
export async function addEmailedTicketReply(
  trx: Knex.Transaction,
  ticketId: string,
  reply: EmailedTicketReply,
): Promise<{ landed: true; result: TicketReplyResult } | { landed: false; reason: 'unknown' | 'closed' }> {
  const row = (await trx
    .select(trx.raw(`${TICKET_COLUMNS}`))
    .from(trx.raw(TICKET_FROM))
    .where('sr.id', ticketId)
    .forUpdate('sr')
    .first()) as TicketRow | undefined;
  if (!row) return { landed: false, reason: 'unknown' };
  const closedLongAgo =
    row.status === 'completed' && new Date(row.updatedAt).getTime() < Date.now() - reply.reopenDays * 86_400_000;
  if (row.status === 'cancelled' || closedLongAgo) return { landed: false, reason: 'closed' };
  const client = row.userId ? await User.query(trx).findById(row.userId) : undefined;
  const actor: TicketActor & { type: 'client' } = client
    ? { type: 'client', user: client }
    : { type: 'client', user: null, name: reply.senderName || row.name };
  const result = await recordClientReply(trx, row, actor, reply.message, reply.files, {
    inboundEmailId: reply.inboundEmailId,
    differentAddress: reply.differentAddress,
  });
  return { landed: true, result };
}

/** A ticket's state for threading a received mail: who it is for and whether it is still open. */
export async function ticketForEmail(
  db: Knex | Knex.Transaction,
  ticketId: string,
): Promise<{ id: string; email: string; userId: string | null; enquiryId: string | null } | null> {
  const row = (await db('tickets').select('id', 'email', 'userId', 'enquiryId').where({ id: ticketId }).first()) as
    { id: string; email: string; userId: string | null; enquiryId: string | null } | undefined;
  return row ?? null;
}
