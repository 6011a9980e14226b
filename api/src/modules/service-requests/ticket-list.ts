import type { Knex } from 'knex';
import { rolesWith } from '@shared/staff-roles';
import {
  ticketNumberOf,
  type PersonRef,
  type StaffServiceRequestListQuery,
  type StaffServiceRequestPage,
} from '@shared/schemas/service-requests';
import { isUuid } from '@shared/schemas/text';
import { createdMicrosSql, decodeCursor, pageOf, prefixTsQuery, seekPage } from '../../db/keyset';
import {
  displayNameSql,
  TICKET_COLUMNS,
  TICKET_FROM,
  toStaffServiceRequestSummary,
  type TicketRow,
} from './ticket-rows';

/** Staff's list of tickets: newest first, filtered, searched, one keyset page at a time. */
export async function listTickets(db: Knex, query: StaffServiceRequestListQuery): Promise<StaffServiceRequestPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const builder = db
    .select(db.raw(`${TICKET_COLUMNS}, ${createdMicrosSql('sr')} as "createdMicros"`))
    .from(db.raw(TICKET_FROM));
  seekPage(builder, 'sr', cursor, query.limit);
  if (query.status) builder.where('sr.status', query.status);
  if (query.service) builder.where('sr.service', query.service);
  if (query.assigneeId === 'none') builder.whereNull('sr.assignee_id');
  else if (query.assigneeId) builder.where('sr.assignee_id', query.assigneeId);
  if (query.clientId) builder.where('sr.user_id', query.clientId);
  if (query.sla) {
    builder.where('sr.sla_state', query.sla);
    // Breaches that still need attention, unless a status asks for others (a report's closed ones).
    if (query.sla === 'breached' && !query.status) builder.whereNotIn('sr.status', ['completed', 'cancelled']);
  }
  if (query.q) {
    const q = query.q;
    const number = ticketNumberOf(q);
    if (isUuid(q)) builder.where('sr.id', q);
    else if (number && /^t/i.test(q)) builder.where('sr.number', number);
    else {
      // Bare digits are a ticket number or words of the text (a phone number, a postcode): either matches.
      const tsQuery = prefixTsQuery(q);
      if (number && tsQuery) {
        builder.where((w) =>
          w.where('sr.number', number).orWhereRaw(`sr.search @@ to_tsquery('simple', ?)`, [tsQuery]),
        );
      } else if (number) builder.where('sr.number', number);
      else if (tsQuery) builder.whereRaw(`sr.search @@ to_tsquery('simple', ?)`, [tsQuery]);
    }
  }
  const rows = (await builder) as (TicketRow & { createdMicros: string })[];
  const { page, nextCursor } = pageOf(rows, query.limit, cursor);
  return { requests: page.map(toStaffServiceRequestSummary), nextCursor };
}

/** Staff accounts, by name: whom a ticket can be assigned to. */
export async function listStaffMembers(db: Knex): Promise<PersonRef[]> {
  const rows = (await db('users as u')
    .select('u.id', db.raw(`${displayNameSql('u')} as name`))
    .where('u.accountType', 'staff')
    // Only those whose role works on requests, and who can still sign in (decision 167).
    .whereIn('u.staffRole', rolesWith('service_requests.work'))
    .whereNull('u.deactivatedAt')
    .orderBy('name')
    .limit(500)) as PersonRef[];
  return rows.map((row) => ({ id: row.id, name: row.name }));
}
