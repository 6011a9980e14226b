import type { Knex } from 'knex';
import { SERVICE_REQUEST_TRANSITIONS, type ServiceRequestThread } from '@shared/schemas/service-requests';
import { isUuid } from '@shared/schemas/text';
import { NotFound } from '../../errors';
import type { User } from '../users/user.model';
import {
  CLIENT_EVENT_KINDS,
  CONSULTATION_COLUMNS,
  eventColumns,
  TICKET_COLUMNS,
  TICKET_FROM,
  toConsultationView,
  toTicketDetail,
  toTicketEvent,
  type ConsultationRow,
  type TicketEventRow,
  type TicketRow,
} from './ticket-rows';

const NOT_FOUND = 'Service request not found';

/**
 * A ticket the caller may see: staff see every ticket, a client only their
 * own. Anything else — another client's, unknown, not an id — is the same 404,
 * so ids cannot be probed. `forUpdate` locks the row (inside a transaction).
 */
export async function ticketFor(
  db: Knex | Knex.Transaction,
  id: string,
  caller: User,
  { forUpdate = false } = {},
): Promise<TicketRow> {
  if (!isUuid(id)) throw new NotFound(NOT_FOUND);
  const query = db
    .select(db.raw(`${TICKET_COLUMNS}, sr.message`))
    .from(db.raw(TICKET_FROM))
    .where('sr.id', id)
    .first();
  if (!caller.isStaff) query.where('sr.user_id', caller.id);
  if (forUpdate) query.forUpdate('sr');
  const row = (await query) as TicketRow | undefined;
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

/** The consultation time currently proposed or confirmed for a ticket. */
export async function currentConsultation(
  db: Knex | Knex.Transaction,
  requestId: string,
): Promise<ConsultationRow | null> {
  const row = (await db('consultation_proposals')
    .select(db.raw(CONSULTATION_COLUMNS))
    .where({ serviceRequestId: requestId })
    .whereIn('status', ['proposed', 'confirmed'])
    .first()) as ConsultationRow | undefined;
  return row ?? null;
}

/** The ticket and its timeline as the caller may see it: internal notes and assignments only for staff. */
export async function readThread(db: Knex | Knex.Transaction, id: string, caller: User): Promise<ServiceRequestThread> {
  const row = await ticketFor(db, id, caller);
  const events = db
    .select(db.raw(eventColumns()))
    .from('service_request_events as e')
    .where('e.service_request_id', row.id)
    .orderBy([
      { column: 'e.created_at', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ]);
  if (!caller.isStaff) events.whereIn('e.kind', CLIENT_EVENT_KINDS);
  const [eventRows, consultation] = await Promise.all([
    events as unknown as Promise<TicketEventRow[]>,
    currentConsultation(db, row.id),
  ]);
  return {
    request: toTicketDetail(row),
    events: eventRows.map(toTicketEvent),
    consultation: consultation ? toConsultationView(consultation) : null,
    allowedStatuses: caller.isStaff ? [...SERVICE_REQUEST_TRANSITIONS[row.status]] : [],
  };
}
