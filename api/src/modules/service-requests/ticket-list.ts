import type { Knex } from 'knex';
import { rolesWith } from '@shared/staff-roles';
import {
  ticketNumberOf,
  type PersonRef,
  type StaffServiceRequestListQuery,
  type StaffServiceRequestPage,
} from '@shared/schemas/service-requests';
import { isUuid } from '@shared/schemas/text';
import { zonedTimeToInstant } from '@shared/time-zones';
import { readBusinessHours } from '../settings/business-hours';
import { createdMicrosSql, decodeCursor, pageOf, prefixTsQuery, seekPage } from '../../db/keyset';
import {
  displayNameSql,
  TICKET_COLUMNS,
  TICKET_FROM,
  toStaffServiceRequestSummary,
  type TicketRow,
} from './ticket-rows';

const DAY_MS = 86_400_000;
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The first instant of a local date in a zone (its midnight, or the first instant after a skipped one). */
function startOfDay(date: string, timeZone: string): Date {
  for (const time of ['00:00', '01:00', '02:00']) {
    const instant = zonedTimeToInstant(date, time, timeZone);
    if (instant !== null) return new Date(instant);
  }
  return new Date(`${date}T00:00:00Z`);
}

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
  if (query.sla) builder.where('sr.sla_state', query.sla);
  if (query.from || query.to) {
    // Days in the business time zone, as the reports cut them.
    const { timeZone } = await readBusinessHours(db);
    if (query.from) builder.where('sr.created_at', '>=', startOfDay(query.from, timeZone));
    if (query.to) builder.where('sr.created_at', '<', startOfDay(dayAfter(query.to), timeZone));
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
