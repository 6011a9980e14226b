import type { Knex } from 'knex';
import { rolesWith } from '@shared/staff-roles';
import {
  ticketNumberOf,
  type PersonRef,
  type StaffTicketListQuery,
  type StaffTicketPage,
} from '@shared/schemas/tickets';
import { writePageCursor, type PageCursor } from '@shared/schemas/page-cursor';
import { PRIORITY_RANK } from '@shared/schemas/support';
import { isUuid } from '@shared/schemas/text';
import { zonedTimeToInstant } from '@shared/time-zones';
import { readBusinessHours } from '../settings/business-hours';
import { createdMicrosSql, cursorCondition, decodeCursor, pageOf, prefixTsQuery, seekPage } from '../../db/keyset';
import { BadRequest } from '../../errors';
import { displayNameSql, TICKET_COLUMNS, TICKET_FROM, toStaffTicketSummary, type TicketRow } from './ticket-rows';

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

/** PostgreSQL's rank of a priority, most urgent first (shared PRIORITY_RANK). */
export const PRIORITY_RANK_SQL = (column: string) =>
  `(case ${column} ${Object.entries(PRIORITY_RANK)
    .map(([priority, rank]) => `when '${priority}' then ${rank}`)
    .join(' ')} end)`;

/**
 * A page cursor of the list sorted by priority: the boundary row's priority
 * rank, `_`, and the usual cursor of its (created_at, id). Base64url cursors
 * start with a letter, so the two never mix.
 */
const PRIORITY_CURSOR = /^([0-3])_([A-Za-z0-9_-]+)$/;

/** Staff's list of tickets: newest (or most urgent) first, filtered, searched, one keyset page at a time. */
export async function listTickets(db: Knex, query: StaffTicketListQuery): Promise<StaffTicketPage> {
  const byPriority = query.sort === 'priority';
  let rankAfter: number | null = null;
  let cursor: PageCursor | null = null;
  if (query.cursor && byPriority) {
    const match = PRIORITY_CURSOR.exec(query.cursor);
    if (!match) throw new BadRequest('cursor: Invalid cursor');
    rankAfter = Number(match[1]);
    cursor = decodeCursor(match[2]!);
    if (cursor.direction !== 'older') throw new BadRequest('cursor: Invalid cursor');
  } else if (query.cursor) cursor = decodeCursor(query.cursor);
  const rank = PRIORITY_RANK_SQL('sr.priority');
  const builder = db
    .select(db.raw(`${TICKET_COLUMNS}, ${createdMicrosSql('sr')} as "createdMicros", ${rank} as "rank"`))
    .from(db.raw(TICKET_FROM));
  if (byPriority) {
    builder.orderByRaw(`${rank} asc, sr.created_at desc, sr.id desc`).limit(query.limit + 1);
    if (cursor && rankAfter !== null) {
      const [condition, bindings] = cursorCondition(cursor, 'sr');
      builder.where((w) =>
        w
          .whereRaw(`${rank} > ?`, [rankAfter])
          .orWhere((same) => same.whereRaw(`${rank} = ?`, [rankAfter]).whereRaw(condition, bindings)),
      );
    }
  } else seekPage(builder, 'sr', cursor, query.limit);
  if (query.status) builder.where('sr.status', query.status);
  if (query.service) builder.where('sr.service', query.service);
  if (query.priority) builder.where('sr.priority', query.priority);
  if (query.assigneeId === 'none') builder.whereNull('sr.assignee_id');
  else if (query.assigneeId) builder.where('sr.assignee_id', query.assigneeId);
  if (query.clientId) builder.where('sr.user_id', query.clientId);
  if (query.sla) {
    builder.where('sr.sla_state', query.sla);
    // Without a status or creation days, the breaches that still need attention (the dashboard's count); a status
    // or a report bar's days ask about history, closed tickets included.
    if (query.sla === 'breached' && !query.status && !query.from && !query.to) {
      builder.whereNotIn('sr.status', ['completed', 'cancelled']);
    }
  }
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
  const rows = (await builder) as (TicketRow & { createdMicros: string; rank: number })[];
  if (byPriority) {
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? `${last.rank}_${writePageCursor({ direction: 'older', micros: String(last.createdMicros), id: last.id })}`
        : null;
    return { requests: page.map(toStaffTicketSummary), nextCursor };
  }
  const { page, nextCursor } = pageOf(rows, query.limit, cursor);
  return { requests: page.map(toStaffTicketSummary), nextCursor };
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
