import type { Knex } from 'knex';
import type { DurationFigures, SupportFigures, SupportReport, SupportReportQuery } from '@shared/schemas/reports';
import { formatTicketNumber } from '@shared/schemas/tickets';
import type { BusinessHours } from '@shared/schemas/support';
import { readBusinessHours } from '../settings/business-hours';
import { businessClock } from './business-clock';
import { reportFactsRecount } from './facts-recount';
import { ensureReportFacts, HEAL_IN_REQUEST_LIMIT, healReportFacts } from './item-facts';
import {
  csatRows,
  earliestCreatedOfResolved,
  staffNames,
  supportFigureRows,
  supportItemRows,
  type CsatRow,
  type Measure,
  type SupportFilter,
  type BucketedRange,
  type SupportRow,
} from './read-model';
import { addDays, bucketBoundsOf, bucketsOf, localDateOf, startOfLocalDate } from './report-range';

/**
 * The support report (issue 27, decisions 194 and 207): tickets and chats per
 * interval, per staff member and in total. Every figure is computed by
 * PostgreSQL in one query over the range (read-model.ts), from the times
 * stored on each item (item-facts.ts) when every item read carries the
 * current business hours' stamp, else counted live on the business clock
 * laid out for the range — the same numbers either way.
 */

const round = (value: number | null, places: number): number | null =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

function emptyFigures(): SupportFigures {
  const duration = (): DurationFigures => ({
    count: 0,
    medianMinutes: null,
    p90Minutes: null,
    medianBusinessMinutes: null,
    p90BusinessMinutes: null,
  });
  return {
    new: { total: 0, tickets: 0, chats: 0 },
    resolved: { total: 0, tickets: 0, chats: 0 },
    firstResponse: duration(),
    resolution: duration(),
    sla: { counted: 0, met: 0, breached: 0, metPercent: null },
    csat: { count: 0, average: null },
  };
}

function figuresOf(row: SupportRow | undefined, csat: CsatRow | undefined): SupportFigures {
  const figures = emptyFigures();
  if (row) {
    figures.new = { total: row.newTotal, tickets: row.newTickets, chats: row.newChats };
    figures.resolved = { total: row.resolvedTotal, tickets: row.resolvedTickets, chats: row.resolvedChats };
    figures.firstResponse = {
      count: row.frtCount,
      medianMinutes: round(row.frtMedian, 2),
      p90Minutes: round(row.frtP90, 2),
      medianBusinessMinutes: round(row.frtBusinessMedian, 2),
      p90BusinessMinutes: round(row.frtBusinessP90, 2),
    };
    figures.resolution = {
      count: row.rtCount,
      medianMinutes: round(row.rtMedian, 2),
      p90Minutes: round(row.rtP90, 2),
      medianBusinessMinutes: round(row.rtBusinessMedian, 2),
      p90BusinessMinutes: round(row.rtBusinessP90, 2),
    };
    figures.sla = {
      counted: row.slaCounted,
      met: row.slaMet,
      breached: row.slaCounted - row.slaMet,
      metPercent: row.slaCounted === 0 ? null : round((row.slaMet / row.slaCounted) * 100, 1),
    };
  }
  if (csat) figures.csat = { count: csat.count, average: round(csat.average, 2) };
  return figures;
}

interface Prepared {
  range: BucketedRange;
  filter: SupportFilter;
  hours: BusinessHours;
  query: SupportReportQuery;
}

async function prepare(db: Knex, query: SupportReportQuery): Promise<Prepared> {
  const hours = await readBusinessHours(db);
  const timeZone = hours.timeZone;
  const range: BucketedRange = {
    from: startOfLocalDate(query.from, timeZone),
    to: startOfLocalDate(addDays(query.to, 1), timeZone),
    interval: query.interval,
    timeZone,
    buckets: bucketBoundsOf(query.from, query.to, query.interval, timeZone),
  };
  const filter: SupportFilter = { assigneeId: query.assigneeId, priority: query.priority };
  return { range, filter, hours, query };
}

/** The business clock for counting live: from the oldest item resolved in the range, forward to now (answers come later). */
async function liveClock(db: Knex, { range, filter, hours, query }: Prepared): Promise<Measure> {
  const timeZone = hours.timeZone;
  const earliest = await earliestCreatedOfResolved(db, range, filter);
  const firstDate = addDays(earliest && earliest < range.from ? localDateOf(earliest, timeZone) : query.from, -1);
  const end = new Date(Math.max(Date.now(), range.to.getTime()));
  const lastDate = addDays(localDateOf(end, timeZone), 1);
  return { clock: businessClock(hours, firstDate, lastDate) };
}

/**
 * Runs a report part on the stored facts; when some item it read lacks the current stamp (the business hours just
 * changed, or the item was made with older times than the layout), counts a few such items itself and runs it again,
 * and otherwise has the background recount run and runs it live (decisions 207 and 210).
 */
async function measured<T>(
  db: Knex,
  prepared: Prepared,
  run: (measure: Measure) => Promise<{ value: T; stale: number }>,
  counting?: Counting,
): Promise<T> {
  const facts: Measure = { facts: await ensureReportFacts(db, prepared.hours) };
  const first = await run(facts);
  if (first.stale === 0) return first.value;
  if (first.stale <= HEAL_IN_REQUEST_LIMIT && (await healReportFacts(db, prepared.range))) {
    const again = await run(facts);
    if (again.stale === 0) return again.value;
  }
  reportFactsRecount(db).kick();
  if (counting) counting.live = true;
  return (await run(await liveClock(db, prepared))).value;
}

/** How a report was counted: `live` when some item's stored facts were stale and it was counted on the clock. */
export interface Counting {
  live: boolean;
}

export async function supportReport(db: Knex, query: SupportReportQuery, counting?: Counting): Promise<SupportReport> {
  const prepared = await prepare(db, query);
  const { range, filter } = prepared;
  const [rows, csat] = await Promise.all([
    measured(
      db,
      prepared,
      async (measure) => {
        const figures = await supportFigureRows(db, range, measure, filter);
        return { value: figures.rows, stale: figures.stale };
      },
      counting,
    ),
    csatRows(db, range, filter),
  ]);
  const byBucket = new Map(rows.filter((row) => row.groupedBy === 'bucket').map((row) => [row.bucket, row]));
  const csatByBucket = new Map(csat.filter((row) => row.groupedBy === 'bucket').map((row) => [row.bucket, row]));
  const staffRows = new Map(rows.filter((row) => row.groupedBy === 'assignee').map((row) => [row.assigneeId, row]));
  const staffCsat = new Map(csat.filter((row) => row.groupedBy === 'assignee').map((row) => [row.assigneeId, row]));
  const staffIds = [...new Set([...staffRows.keys(), ...staffCsat.keys()])];
  const names = await staffNames(
    db,
    staffIds.filter((id): id is string => id !== null),
  );
  const staff = staffIds
    .map((assigneeId) => ({
      assigneeId,
      name: assigneeId === null ? 'Unassigned' : (names.get(assigneeId) ?? 'Former staff member'),
      ...figuresOf(staffRows.get(assigneeId), staffCsat.get(assigneeId)),
    }))
    .sort((a, b) => (a.assigneeId === null ? 1 : b.assigneeId === null ? -1 : a.name.localeCompare(b.name)));
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    timeZone: range.timeZone,
    assigneeId: query.assigneeId ?? null,
    priority: query.priority ?? null,
    intervals: bucketsOf(query.from, query.to, query.interval).map((bucket) => ({
      start: bucket.start,
      end: bucket.end,
      ...figuresOf(byBucket.get(bucket.key), csatByBucket.get(bucket.key)),
    })),
    total: figuresOf(
      rows.find((row) => row.groupedBy === 'total'),
      csat.find((row) => row.groupedBy === 'total'),
    ),
    staff,
  };
}

export const SUPPORT_INTERVAL_CSV_HEADER = [
  'Start',
  'End',
  'New',
  'New tickets',
  'New chats',
  'Resolved',
  'Resolved tickets',
  'Resolved chats',
  'First responses',
  'First response median (min)',
  'First response p90 (min)',
  'First response median (business min)',
  'First response p90 (business min)',
  'Resolutions',
  'Resolution median (min)',
  'Resolution p90 (min)',
  'Resolution median (business min)',
  'Resolution p90 (business min)',
  'SLA counted',
  'SLA met',
  'SLA breached',
  'SLA met %',
  'CSAT ratings',
  'CSAT average',
];

export function supportIntervalCsvRows(report: SupportReport): unknown[][] {
  return report.intervals.map((row) => [
    row.start,
    row.end,
    row.new.total,
    row.new.tickets,
    row.new.chats,
    row.resolved.total,
    row.resolved.tickets,
    row.resolved.chats,
    row.firstResponse.count,
    row.firstResponse.medianMinutes,
    row.firstResponse.p90Minutes,
    row.firstResponse.medianBusinessMinutes,
    row.firstResponse.p90BusinessMinutes,
    row.resolution.count,
    row.resolution.medianMinutes,
    row.resolution.p90Minutes,
    row.resolution.medianBusinessMinutes,
    row.resolution.p90BusinessMinutes,
    row.sla.counted,
    row.sla.met,
    row.sla.breached,
    row.sla.metPercent,
    row.csat.count,
    row.csat.average,
  ]);
}

export const SUPPORT_ITEMS_CSV_HEADER = [
  'Kind',
  'Reference',
  'Id',
  'Created',
  'Priority',
  'Assignee',
  'First response',
  'First response due',
  'First response (min)',
  'First response (business min)',
  'Resolved',
  'Resolution due',
  'Resolution (min)',
  'Resolution (business min)',
  'SLA state',
  'SLA met',
];

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const minutes = (value: number | null) => round(value, 2);

/** One row per ticket and chat behind the report's figures. */
export async function supportItemCsvRows(db: Knex, query: SupportReportQuery): Promise<unknown[][]> {
  const prepared = await prepare(db, query);
  const items = await measured(db, prepared, async (measure) => {
    const found = await supportItemRows(db, prepared.range, measure, prepared.filter);
    return { value: found.items, stale: found.stale };
  });
  const names = await staffNames(db, [
    ...new Set(items.map((item) => item.assigneeId).filter((id): id is string => id !== null)),
  ]);
  return items.map((item) => [
    item.kind,
    item.kind === 'ticket' && item.number ? formatTicketNumber(item.number) : 'Chat',
    item.id,
    iso(item.createdAt),
    item.priority,
    item.assigneeId ? (names.get(item.assigneeId) ?? 'Former staff member') : '',
    iso(item.firstResponseAt),
    iso(item.firstResponseDueAt),
    minutes(item.firstResponseMinutes),
    item.firstResponseBusinessMinutes,
    iso(item.resolvedAt),
    iso(item.resolutionDueAt),
    minutes(item.resolutionMinutes),
    item.resolutionBusinessMinutes,
    item.slaState,
    item.slaMet === null ? '' : item.slaMet ? 'yes' : 'no',
  ]);
}
