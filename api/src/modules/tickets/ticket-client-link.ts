import type { Knex } from 'knex';
import type { LinkTicketClient, TicketThread } from '@shared/schemas/tickets';
import { BadRequest, Conflict } from '../../errors';
import { publish } from '../../live/publish';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import type { User } from '../users/user.model';
import { recordTicketEvent } from './ticket-events';
import { readThread, ticketFor } from './ticket-thread';

/**
 * A staff member links an unlinked ticket to a client account: from then on
 * the client reads it, and replies, in their portal. Tickets are linked by
 * email only to a verified address (decision 155); this is the deliberate
 * link for the rest, made by someone who checked who the client is. Recorded
 * as an internal note with who did it and when; a ticket already linked keeps
 * its client (409): nothing moves a client's ticket to someone else. It
 * changes who may read the ticket, so the audit log records it too
 * (`service_request.client_linked`).
 */
export async function linkTicketClient(
  db: Knex,
  id: string,
  staff: User,
  { clientId }: LinkTicketClient,
  actor: AuditActor,
): Promise<TicketThread> {
  await db.transaction(async (trx) => {
    const row = await ticketFor(trx, id, staff, { forUpdate: true });
    if (row.userId === clientId) throw new Conflict('The request is already linked to this client account');
    if (row.userId) throw new Conflict('The request is already linked to another client account');
    const client = (await trx('users')
      .select('id', 'username', 'email')
      .where({ id: clientId, accountType: 'client' })
      .first()) as { id: string; username: string; email: string | null } | undefined;
    if (!client) throw new BadRequest('clientId: not a client account');
    await trx('tickets').where({ id: row.id }).update({ userId: client.id });
    const address = client.email ? ` (${client.email})` : '';
    await recordTicketEvent(
      trx,
      row.id,
      { type: 'staff', user: staff },
      { kind: 'note', message: `Linked this request to the client account ${client.username}${address}.` },
    );
    await recordAudit(trx, actor, {
      action: 'service_request.client_linked',
      recordType: 'service_request',
      recordId: row.id,
      before: { clientId: null },
      after: { clientId: client.id, clientUsername: client.username },
    });
    await publish(trx, 'staff', { kind: 'service_request.updated', id: row.id });
  });
  return readThread(db, id, staff);
}
