import type { Knex } from 'knex';
import { rolesWith } from '@shared/staff-roles';
import {
  formatTicketNumber,
  statusChangeRefusal,
  type ServiceRequestThread,
  type TicketReplyInput,
  type TicketReplyResult,
  type UpdateServiceRequest,
} from '@shared/schemas/service-requests';
import { BadRequest, Conflict, Forbidden } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import type { User } from '../users/user.model';
import { recordTicketEvent } from './ticket-events';
import { publish } from '../../live/publish';
import { displayNameSql } from './ticket-rows';
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
 * Staff change a ticket's status and/or assignee. The row is locked first, so
 * two staff changing it at once are applied one after the other, each
 * checked against what the other left, and both are recorded. An illegal
 * status change is a 409 with the reason; nothing changes on a refusal.
 */
export async function updateTicket(
  db: Knex,
  id: string,
  staff: User,
  change: UpdateServiceRequest,
): Promise<ServiceRequestThread> {
  await db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, staff, { forUpdate: true });
    if (change.assigneeId !== undefined && change.assigneeId !== row.assigneeId) {
      const assignee = change.assigneeId === null ? null : await staffMember(trx, change.assigneeId);
      if (change.assigneeId !== null && !assignee) throw new BadRequest(NOT_ASSIGNABLE);
      await trx('service_requests')
        .where({ id: row.id })
        .update({ assigneeId: assignee?.id ?? null });
      await recordTicketEvent(trx, row.id, { type: 'staff', user: staff }, { kind: 'assignment', assignee });
      await publish(trx, 'staff', { kind: 'service_request.updated', id: row.id });
    } else if (change.assigneeId !== undefined && change.status === undefined) {
      throw new Conflict(
        row.assigneeName
          ? `The request is already assigned to ${row.assigneeName}`
          : 'The request is already unassigned',
      );
    }
    if (change.status !== undefined) {
      const refusal = statusChangeRefusal(row.status, change.status);
      if (refusal) throw new Conflict(refusal);
      await trx('service_requests').where({ id: row.id }).update({ status: change.status });
      await recordTicketEvent(
        trx,
        row.id,
        { type: 'staff', user: staff },
        { kind: 'status', fromStatus: row.status, toStatus: change.status },
      );
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
): Promise<TicketReplyResult> {
  if (input.internal && !caller.isStaff) throw new Forbidden('Internal notes are for staff only');
  return db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, caller, { forUpdate: true });
    if (!caller.isStaff && row.status === 'cancelled') {
      throw new Conflict('This request was cancelled. Please send a new request or contact us.');
    }
    const actor = { type: caller.isStaff ? 'staff' : 'client', user: caller } as const;
    const event = await recordTicketEvent(trx, row.id, actor, {
      kind: input.internal ? 'note' : 'reply',
      message: input.message,
    });
    let status = row.status;
    if (!caller.isStaff && row.status === 'waiting_on_client') {
      status = 'in_progress';
      await trx('service_requests').where({ id: row.id }).update({ status });
      await recordTicketEvent(trx, row.id, actor, { kind: 'status', fromStatus: row.status, toStatus: status });
    }
    if (caller.isStaff && !input.internal) {
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
          },
          idempotencyKey: `service-request-reply:${event.id}`,
          thread: { kind: 'ticket', id: row.id },
        });
      }
    }
    await publish(trx, 'staff', {
      kind: caller.isStaff ? 'service_request.updated' : 'service_request.client_reply',
      id: row.id,
    });
    return { event, status };
  });
}
