import type { Knex } from 'knex';
import { TICKET_TRANSITIONS, type ConsultationBookingView, type TicketThread } from '@shared/schemas/tickets';
import { isUuid } from '@shared/schemas/text';
import { NotFound } from '../../errors';
import type { User } from '../users/user.model';
import { withAttachments } from './ticket-attachments';
import { surveyOf } from '../surveys/surveys.service';
import {
  CLIENT_EVENT_KINDS,
  CONSULTATION_COLUMNS,
  eventColumns,
  NO_SLA,
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
    .where({ ticketId: requestId })
    .whereIn('status', ['proposed', 'confirmed'])
    .first()) as ConsultationRow | undefined;
  return row ?? null;
}

/**
 * The ticket and its timeline as the caller may see it: internal notes and assignments only for staff. One
 * statement (the timeline and the consultation as JSON beside the ticket's row): a ticket page is one round trip
 * to the database after the session's, not three.
 */
export async function readThread(db: Knex | Knex.Transaction, id: string, caller: User): Promise<TicketThread> {
  if (!isUuid(id)) throw new NotFound(NOT_FOUND);
  const bindings: unknown[] = [];
  let visibleEvents = '';
  if (!caller.isStaff) {
    visibleEvents = ' and e.kind = any(?::text[])';
    bindings.push([...CLIENT_EVENT_KINDS]);
  }
  bindings.push(id);
  let visibleTicket = '';
  if (!caller.isStaff) {
    visibleTicket = ' and sr.user_id = ?';
    bindings.push(caller.id);
  }
  const { rows } = await db.raw<{
    rows: (TicketRow & {
      events: TicketEventRow[];
      consultation: ConsultationRow | null;
      booking: ConsultationBookingView | null;
    })[];
  }>(
    `select ${TICKET_COLUMNS}, sr.message,
       (select coalesce(json_agg(e order by e."createdAt", e.id), '[]') from (
          select ${eventColumns()} from ticket_events e where e.ticket_id = sr.id${visibleEvents}
        ) e) as events,
       (select row_to_json(c) from (
          select ${CONSULTATION_COLUMNS} from consultation_proposals p
           where p.ticket_id = sr.id and p.status in ('proposed', 'confirmed') limit 1
        ) c) as consultation,
       (select row_to_json(b) from (
          select b.topic, b.preferred_times as "preferredTimes" from consultation_bookings b
           where b.payment_id = sr.provider_payment_id
        ) b) as booking
     from ${TICKET_FROM}
     where sr.id = ?${visibleTicket}`,
    bindings as never[],
  );
  const row = rows[0];
  if (!row) throw new NotFound(NOT_FOUND);
  const request = toTicketDetail(row);
  return {
    // Who works a ticket is staff business, like assignment entries of the timeline: clients see who replied, by
    // the name on each reply, never the assignee (decision 156).
    request: caller.isStaff ? request : { ...request, assignee: null, ...NO_SLA },
    // Which message a reply came in, and from which address, is for staff: a client sees only "by email".
    events: await withAttachments(
      db,
      row.events.map((event) => {
        const view = toTicketEvent(event);
        if (caller.isStaff || !view.email) return view;
        return { ...view, email: { inboundEmailId: null, differentAddress: null } };
      }),
    ),
    consultation: row.consultation ? toConsultationView(row.consultation) : null,
    booking: row.booking,
    allowedStatuses: caller.isStaff ? [...TICKET_TRANSITIONS[row.status]] : [],
    // The client's rating of the work, for staff (decision 191); the client sees theirs through its link.
    ...(caller.isStaff ? { survey: await surveyOf(db, { ticketId: id }) } : {}),
  };
}
