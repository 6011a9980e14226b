import type { Knex } from 'knex';
import type { Priority } from '@shared/schemas/support';
import type { ReportInterval } from '@shared/schemas/reports';
import { businessMsSql, epochMsSql, openingIndexSql, type BusinessClock } from './business-clock';
import type { BucketBounds } from './report-range';

/**
 * The reports' one read-model (decisions 162 and 194): the only place in this
 * module that reads other modules' tables, read-only, with SQL. Reports add up
 * rows across tickets, chats, ratings, orders, refunds, subscriptions and
 * quotes over a year at a time; asking each owner for its rows would move
 * hundreds of thousands of rows out of PostgreSQL per report. What these
 * queries rely on is each owner's documented columns:
 *
 * - tickets: created_at, priority, assignee_id, first_response_at,
 *   first_response_due_at, resolution_due_at, resolved_at, sla_state (written by
 *   the service-level engine);
 * - chat_conversations: created_at, closed_at, priority, assignee_id,
 *   first_response_at, first_response_due_at, sla_state;
 * - on both, this module's own report_* facts (decision 207, item-facts.ts);
 * - satisfaction_surveys: rating, answered_at, assignee_id and its subject;
 * - orders.paid_at and total_amount; refunds.succeeded_at and amount;
 * - subscriptions (provider_created_at, status, ended_at, canceled_at) and their
 *   plan's price and interval; quotes.sent_at, accepted_at, declined_at;
 * - users' names, for the staff a report lists.
 *
 * A report is answered again from memory while none of these changed (decision 214): a new column read here from
 * tickets, chat_conversations or users, or a new table, must join the change triggers (`REPORTED_TABLES`, migration
 * 20261127160000_add-report-changes) in a migration of its own, or a changed figure could be answered stale.
 */

export interface Range {
  /** First instant included and first instant after the range, as Dates. */
  from: Date;
  to: Date;
  interval: ReportInterval;
  timeZone: string;
}

/** A report's range with its buckets' bounds (report-range.ts `bucketBoundsOf`). */
export interface BucketedRange extends Range {
  buckets: BucketBounds;
}

export interface SupportFilter {
  assigneeId?: string;
  priority?: Priority;
}

/** One figure row of the support query: per bucket, per assignee, or the total (both null and grouped). */
export interface SupportRow {
  groupedBy: 'bucket' | 'assignee' | 'total';
  bucket: string | null;
  assigneeId: string | null;
  newTotal: number;
  newTickets: number;
  newChats: number;
  resolvedTotal: number;
  resolvedTickets: number;
  resolvedChats: number;
  frtCount: number;
  frtMedian: number | null;
  frtP90: number | null;
  frtBusinessMedian: number | null;
  frtBusinessP90: number | null;
  rtCount: number;
  rtMedian: number | null;
  rtP90: number | null;
  rtBusinessMedian: number | null;
  rtBusinessP90: number | null;
  slaCounted: number;
  slaMet: number;
}

export interface CsatRow {
  groupedBy: 'bucket' | 'assignee' | 'total';
  bucket: string | null;
  assigneeId: string | null;
  count: number;
  average: number | null;
}

export interface SupportItemRow {
  kind: 'ticket' | 'chat';
  id: string;
  number: string | null;
  createdAt: Date;
  priority: Priority;
  assigneeId: string | null;
  firstResponseAt: Date | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  resolvedAt: Date | null;
  slaState: string | null;
  firstResponseMinutes: number | null;
  firstResponseBusinessMinutes: number | null;
  resolutionMinutes: number | null;
  resolutionBusinessMinutes: number | null;
  slaMet: boolean | null;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

type Role = 'created' | 'resolved';

/**
 * How a query counts the items' times (decision 207): from the facts stored on
 * each item, which must carry the stamp `facts` (an item without it makes the
 * query report it as stale), or live on a business clock laid out for the range.
 */
export type Measure = { facts: string } | { clock: BusinessClock };

/**
 * The tickets and chats a part of the support report reads: those created in
 * the range, or those resolved (a chat: closed) in it, with the filter. Each
 * is one index range scan on its time.
 */
function itemsSql(filter: SupportFilter, role: Role | 'either', measure?: Measure): string {
  const extra = [
    filter.priority ? 'and priority = :priority' : '',
    filter.assigneeId ? 'and assignee_id = :assigneeId' : '',
  ].join(' ');
  const within = (column: string) => `${column} >= :from and ${column} < :to`;
  const where = (resolvedColumn: string) =>
    role === 'created'
      ? within('created_at')
      : role === 'resolved'
        ? within(resolvedColumn)
        : `(${within('created_at')} or ${within(resolvedColumn)})`;
  // Stored facts (decision 207), or each instant's opening in the business clock (decision 194), found once per row.
  const measures = (resolvedColumn: string) =>
    !measure
      ? ''
      : 'facts' in measure
        ? `, report_first_response_minutes as frt, report_first_response_business_minutes as frt_b,
           report_resolution_minutes as rt, report_resolution_business_minutes as rt_b,
           coalesce(report_facts_key = :factsKey, false) as fresh`
        : `, ${openingIndexSql(epochMsSql('created_at'))} as ci,
           ${role === 'resolved' ? 'null::int' : openingIndexSql(epochMsSql('first_response_at'))} as fi,
           ${role === 'created' ? 'null::int' : openingIndexSql(epochMsSql(resolvedColumn))} as ri`;
  return `
    select 'ticket' as kind, id, number::text as number, created_at, priority, assignee_id, first_response_at,
           first_response_due_at, resolution_due_at, resolved_at, sla_state ${measures('resolved_at')}
      from tickets
     where ${where('resolved_at')} ${extra}
    union all
    select 'chat', id, null, created_at, priority, assignee_id, first_response_at,
           first_response_due_at, null, closed_at, sla_state ${measures('closed_at')}
      from chat_conversations
     where ${where('closed_at')} ${extra}`;
}

/**
 * The items with their measures: times in calendar minutes and in whole
 * business minutes, whether the clock has ended and whether the SLA was met,
 * and whether the times are counted in the current business hours (`fresh`).
 */
function measuredSql(filter: SupportFilter, role: Role | 'either', measure: Measure): string {
  const slaSql = `sla_state in ('met', 'breached') as sla_counted,
           (first_response_at is not null
             and (first_response_due_at is null or first_response_at <= first_response_due_at)
             and (kind = 'chat' or resolution_due_at is null
                  or (resolved_at is not null and resolved_at <= resolution_due_at))) as sla_met`;
  if ('facts' in measure) {
    return `select items.*, ${slaSql} from (${itemsSql(filter, role, measure)}) as items`;
  }
  const c = epochMsSql('created_at');
  const f = epochMsSql('first_response_at');
  const r = epochMsSql('resolved_at');
  return `
    select items.*,
           extract(epoch from first_response_at - created_at) / 60 as frt,
           floor((${businessMsSql(f, 'fi')} - ${businessMsSql(c, 'ci')}) / 60000) as frt_b,
           extract(epoch from resolved_at - created_at) / 60 as rt,
           floor((${businessMsSql(r, 'ri')} - ${businessMsSql(c, 'ci')}) / 60000) as rt_b,
           true as fresh,
           ${slaSql}
      from (${itemsSql(filter, role, measure)}) as items`;
}

function params(range: Range, measure: Measure, filter: SupportFilter): Record<string, unknown> {
  return {
    from: range.from,
    to: range.to,
    unit: range.interval,
    tz: range.timeZone,
    ...('facts' in measure
      ? { factsKey: measure.facts }
      : { starts: measure.clock.starts, offsets: measure.clock.offsets, ends: measure.clock.ends }),
    priority: filter.priority ?? null,
    assigneeId: filter.assigneeId ?? null,
  };
}

/** The earliest creation among items resolved in the range (their clocks must reach back to it). */
export async function earliestCreatedOfResolved(db: Knex, range: Range, filter: SupportFilter): Promise<Date | null> {
  const { rows } = await db.raw<{ rows: { earliest: Date | null }[] }>(
    `select min(created_at) as earliest from (${itemsSql(filter, 'resolved')}) as items`,
    { from: range.from, to: range.to, priority: filter.priority ?? null, assigneeId: filter.assigneeId ?? null },
  );
  return rows[0]?.earliest ?? null;
}

const groupedBy = (row: { g_bucket: number; g_assignee: number }): SupportRow['groupedBy'] =>
  row.g_bucket === 0 ? 'bucket' : row.g_assignee === 0 ? 'assignee' : 'total';

const GROUPING = `group by grouping sets ((bucket), (assignee_id), ())`;
const PERCENTILES = `array[0.5, 0.9]::float8[]`;

/** What a figure query adds up over the items created in a group (`items`: how many rows it read). */
const CREATED_FIGURES = `count(*) as items,
  count(*) as new_total,
  count(*) filter (where kind = 'ticket') as new_tickets,
  count(*) filter (where kind = 'chat') as new_chats,
  count(frt) as frt_count,
  percentile_cont(${PERCENTILES}) within group (order by frt) as frt_p,
  percentile_cont(${PERCENTILES}) within group (order by frt_b) as frt_b_p,
  count(*) filter (where sla_counted) as sla_counted,
  count(*) filter (where sla_counted and sla_met) as sla_met,
  count(*) filter (where not fresh) as stale`;

/** What a figure query adds up over the items resolved in a group. */
const RESOLVED_FIGURES = `count(*) as items,
  count(*) as resolved_total,
  count(*) filter (where kind = 'ticket') as resolved_tickets,
  count(*) filter (where kind = 'chat') as resolved_chats,
  count(rt) as rt_count,
  percentile_cont(${PERCENTILES}) within group (order by rt) as rt_p,
  percentile_cont(${PERCENTILES}) within group (order by rt_b) as rt_b_p,
  count(*) filter (where not fresh) as stale`;

const key = (row: { groupedBy: string; bucket: string | null; assigneeId: string | null }) =>
  `${row.groupedBy}|${row.bucket ?? ''}|${row.assigneeId ?? ''}`;

/**
 * Only what a figure query adds up: each item's holder, kind, times and SLA flags (live, also its bucket). From the
 * stored facts, each table's rows are read by their time with nothing computed per row but two comparisons (decision
 * 207); live, from measuredSql.
 */
function figureItemsSql(
  filter: SupportFilter,
  role: Role,
  measure: Measure,
  bounds: { from: string; to: string } = { from: ':from', to: ':to' },
): string {
  const bucket = (column: string) => `date_trunc(:unit, ${column} at time zone :tz)::date as bucket`;
  if (!('facts' in measure)) {
    const columns = role === 'created' ? 'frt, frt_b, sla_counted, sla_met' : 'rt, rt_b';
    return `select ${bucket(role === 'created' ? 'created_at' : 'resolved_at')}, assignee_id, kind, ${columns}, fresh
              from (${measuredSql(filter, role, measure)}) as m`;
  }
  const extra = [
    filter.priority ? 'and priority = :priority' : '',
    filter.assigneeId ? 'and assignee_id = :assigneeId' : '',
  ].join(' ');
  const fresh = 'coalesce(report_facts_key = :factsKey, false) as fresh';
  const answeredInTime =
    'first_response_at is not null and (first_response_due_at is null or first_response_at <= first_response_due_at)';
  if (role === 'created') {
    return `
      select assignee_id, 'ticket' as kind,
             report_first_response_minutes as frt, report_first_response_business_minutes as frt_b,
             sla_state in ('met', 'breached') as sla_counted,
             (${answeredInTime} and (resolution_due_at is null
               or (resolved_at is not null and resolved_at <= resolution_due_at))) as sla_met, ${fresh}
        from tickets where created_at >= ${bounds.from} and created_at < ${bounds.to} ${extra}
      union all
      select assignee_id, 'chat',
             report_first_response_minutes, report_first_response_business_minutes,
             sla_state in ('met', 'breached'), (${answeredInTime}), ${fresh}
        from chat_conversations where created_at >= ${bounds.from} and created_at < ${bounds.to} ${extra}`;
  }
  return `
    select assignee_id, 'ticket' as kind,
           report_resolution_minutes as rt, report_resolution_business_minutes as rt_b, ${fresh}
      from tickets where resolved_at >= ${bounds.from} and resolved_at < ${bounds.to} ${extra}
    union all
    select assignee_id, 'chat', report_resolution_minutes, report_resolution_business_minutes,
           ${fresh}
      from chat_conversations where closed_at >= ${bounds.from} and closed_at < ${bounds.to} ${extra}`;
}

/**
 * The support figures per bucket, per assignee over the range, and in total:
 * one query over the items created in the range (new, first response, SLA),
 * one over those resolved in it (resolved, resolution time), side by side.
 */
export async function supportFigureRows(
  db: Knex,
  range: BucketedRange,
  measure: Measure,
  filter: SupportFilter,
): Promise<{ rows: SupportRow[]; stale: number }> {
  const bindings = {
    ...params(range, measure, filter),
    bucketStarts: range.buckets.starts,
    bucketEnds: range.buckets.ends,
    bucketKeys: range.buckets.keys,
  };
  const query = (sql: string) => db.raw<{ rows: Record<string, unknown>[] }>(sql, bindings);
  const figures = async (role: Role, aggregates: string): Promise<Record<string, unknown>[]> => {
    if (!('facts' in measure)) {
      return (
        await query(
          `select grouping(bucket) as g_bucket, grouping(assignee_id) as g_assignee, bucket::text as bucket,
                  assignee_id, ${aggregates}
             from (${figureItemsSql(filter, role, measure)}) as measured
            ${GROUPING}`,
        )
      ).rows;
    }
    // From the stored facts: each bucket's items are one index range scan in time order, added up on their own (no
    // sort of the year's rows); then per staff member and in total over the range.
    const [buckets, rest] = await Promise.all([
      query(
        `select 0 as g_bucket, 1 as g_assignee, b.key as bucket, null as assignee_id, f.*
           from unnest(:bucketStarts::timestamptz[], :bucketEnds::timestamptz[], :bucketKeys::text[])
                  as b(starts, ends, key)
           cross join lateral (
             select ${aggregates}
               from (${figureItemsSql(filter, role, measure, { from: 'b.starts', to: 'b.ends' })}) as measured
           ) as f
          where f.items > 0`,
      ),
      query(
        `select 1 as g_bucket, grouping(assignee_id) as g_assignee, null as bucket, assignee_id, ${aggregates}
           from (${figureItemsSql(filter, role, measure)}) as measured
          group by grouping sets ((assignee_id), ())`,
      ),
    ]);
    return [...buckets.rows, ...rest.rows];
  };
  const [created, resolved] = await Promise.all([
    figures('created', CREATED_FIGURES),
    figures('resolved', RESOLVED_FIGURES),
  ]);
  const rows = new Map<string, SupportRow>();
  const rowFor = (raw: Record<string, unknown>): SupportRow => {
    const base = {
      groupedBy: groupedBy(raw as { g_bucket: number; g_assignee: number }),
      bucket: (raw.bucket as string | null) ?? null,
      assigneeId: (raw.assignee_id as string | null) ?? null,
    };
    let row = rows.get(key(base));
    if (!row) {
      row = {
        ...base,
        newTotal: 0,
        newTickets: 0,
        newChats: 0,
        resolvedTotal: 0,
        resolvedTickets: 0,
        resolvedChats: 0,
        frtCount: 0,
        frtMedian: null,
        frtP90: null,
        frtBusinessMedian: null,
        frtBusinessP90: null,
        rtCount: 0,
        rtMedian: null,
        rtP90: null,
        rtBusinessMedian: null,
        rtBusinessP90: null,
        slaCounted: 0,
        slaMet: 0,
      };
      rows.set(key(base), row);
    }
    return row;
  };
  const pair = (value: unknown): [number | null, number | null] => {
    const values = value as (number | null)[] | null;
    return [num(values?.[0]), num(values?.[1])];
  };
  for (const raw of created) {
    const row = rowFor(raw);
    row.newTotal = Number(raw.new_total);
    row.newTickets = Number(raw.new_tickets);
    row.newChats = Number(raw.new_chats);
    row.frtCount = Number(raw.frt_count);
    [row.frtMedian, row.frtP90] = pair(raw.frt_p);
    [row.frtBusinessMedian, row.frtBusinessP90] = pair(raw.frt_b_p);
    row.slaCounted = Number(raw.sla_counted);
    row.slaMet = Number(raw.sla_met);
  }
  for (const raw of resolved) {
    const row = rowFor(raw);
    row.resolvedTotal = Number(raw.resolved_total);
    row.resolvedTickets = Number(raw.resolved_tickets);
    row.resolvedChats = Number(raw.resolved_chats);
    row.rtCount = Number(raw.rt_count);
    [row.rtMedian, row.rtP90] = pair(raw.rt_p);
    [row.rtBusinessMedian, row.rtBusinessP90] = pair(raw.rt_b_p);
  }
  // Items whose stored facts lack the current stamp, counted once (in the total) per query.
  const staleOf = (raws: Record<string, unknown>[]) =>
    raws.reduce((sum, raw) => sum + (raw.g_bucket === 1 && raw.g_assignee === 1 ? Number(raw.stale) : 0), 0);
  return { rows: [...rows.values()], stale: staleOf(created) + staleOf(resolved) };
}

/** Satisfaction ratings answered in the range, per bucket, per assignee and in total. */
export async function csatRows(db: Knex, range: Range, filter: SupportFilter): Promise<CsatRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select grouping(bucket) as g_bucket, grouping(assignee_id) as g_assignee, bucket::text as bucket, assignee_id,
            count(*) as count, avg(rating)::float8 as average
       from (
         select date_trunc(:unit, s.answered_at at time zone :tz)::date as bucket, s.assignee_id, s.rating
           from satisfaction_surveys s
          where s.answered_at >= :from and s.answered_at < :to and s.rating is not null
                ${filter.assigneeId ? 'and s.assignee_id = :assigneeId' : ''}
                ${
                  // Each rating's item looked up by its key (decision 210): a join read every ticket and chat.
                  filter.priority
                    ? `and coalesce((select r.priority from tickets r where r.id = s.ticket_id),
                                    (select c.priority from chat_conversations c where c.id = s.chat_conversation_id))
                          = :priority`
                    : ''
                }
       ) as rated
      ${GROUPING}`,
    {
      from: range.from,
      to: range.to,
      unit: range.interval,
      tz: range.timeZone,
      assigneeId: filter.assigneeId ?? null,
      priority: filter.priority ?? null,
    },
  );
  return rows.map((row) => ({
    groupedBy: groupedBy(row as { g_bucket: number; g_assignee: number }),
    bucket: (row.bucket as string | null) ?? null,
    assigneeId: (row.assignee_id as string | null) ?? null,
    count: Number(row.count),
    average: num(row.average),
  }));
}

/** Every item behind a support report (created or resolved in the range), oldest first, with its measured times. */
export async function supportItemRows(
  db: Knex,
  range: Range,
  measure: Measure,
  filter: SupportFilter,
): Promise<{ items: SupportItemRow[]; stale: number }> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select kind, id, number, created_at, priority, assignee_id, first_response_at, first_response_due_at,
            resolution_due_at, resolved_at, sla_state, frt, frt_b, rt, rt_b, case when sla_counted then sla_met end as sla_met,
            fresh
       from (${measuredSql(filter, 'either', measure)}) as measured
      order by created_at, id`,
    params(range, measure, filter),
  );
  const stale = rows.filter((row) => row.fresh !== true).length;
  const items = rows.map((row) => ({
    kind: row.kind as 'ticket' | 'chat',
    id: row.id as string,
    number: (row.number as string | null) ?? null,
    createdAt: row.created_at as Date,
    priority: row.priority as Priority,
    assigneeId: (row.assignee_id as string | null) ?? null,
    firstResponseAt: (row.first_response_at as Date | null) ?? null,
    firstResponseDueAt: (row.first_response_due_at as Date | null) ?? null,
    resolutionDueAt: (row.resolution_due_at as Date | null) ?? null,
    resolvedAt: (row.resolved_at as Date | null) ?? null,
    slaState: (row.sla_state as string | null) ?? null,
    firstResponseMinutes: num(row.frt),
    firstResponseBusinessMinutes: num(row.frt_b),
    resolutionMinutes: num(row.rt),
    resolutionBusinessMinutes: num(row.rt_b),
    slaMet: (row.sla_met as boolean | null) ?? null,
  }));
  return { items, stale };
}

/** Staff members' display names by id. */
export async function staffNames(db: Knex, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db('users').select('id', 'first_name', 'last_name', 'username').whereIn('id', ids);
  return new Map(
    rows.map((row: { id: string; firstName: string | null; lastName: string | null; username: string }) => [
      row.id,
      [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    ]),
  );
}

// ---- sales ----

export interface SalesRow {
  bucket: string | null;
  paidOrders: number;
  revenue: string;
  refundCount: number;
  refundAmount: string;
  quotesSent: number;
  quotesAccepted: number;
  quotesDeclined: number;
  /** Sum of seconds from sending to acceptance, over quotes accepted in the bucket. */
  acceptSeconds: number;
}

/**
 * Orders paid, refunds succeeded and quotes sent/accepted/declined, per bucket (and in total, bucket null). Each
 * bucket's rows of each source are one index range scan between the bucket's bounds, added up on their own (no
 * time-zone conversion per row, decision 207); the total is the sum of the buckets, which cut the range exactly.
 */
export async function salesRows(db: Knex, range: BucketedRange): Promise<SalesRow[]> {
  const within = (column: string) => `${column} >= b.starts and ${column} < b.ends`;
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `with per_bucket as (
       select b.key as bucket, o.paid_orders, o.revenue, r.refund_count, r.refund_amount, qs.quotes_sent,
              qa.quotes_accepted, qa.accept_seconds, qd.quotes_declined
         from unnest(:bucketStarts::timestamptz[], :bucketEnds::timestamptz[], :bucketKeys::text[])
                as b(starts, ends, key)
         cross join lateral (select count(*) as paid_orders, sum(total_amount) as revenue
                               from orders where ${within('paid_at')}) as o
         cross join lateral (select count(*) as refund_count, sum(amount) as refund_amount
                               from refunds where status = 'succeeded' and ${within('succeeded_at')}) as r
         cross join lateral (select count(*) as quotes_sent from quotes where ${within('sent_at')}) as qs
         cross join lateral (select count(*) as quotes_accepted,
                                    sum(extract(epoch from accepted_at - sent_at)) as accept_seconds
                               from quotes where ${within('accepted_at')}) as qa
         cross join lateral (select count(*) as quotes_declined from quotes where ${within('declined_at')}) as qd
     )
     select bucket,
            sum(paid_orders) as paid_orders,
            coalesce(sum(revenue), 0)::numeric(14,2)::text as revenue,
            sum(refund_count) as refund_count,
            coalesce(sum(refund_amount), 0)::numeric(14,2)::text as refund_amount,
            sum(quotes_sent) as quotes_sent,
            sum(quotes_accepted) as quotes_accepted,
            sum(quotes_declined) as quotes_declined,
            coalesce(sum(accept_seconds), 0)::float8 as accept_seconds
       from per_bucket
      group by grouping sets ((bucket), ())`,
    { bucketStarts: range.buckets.starts, bucketEnds: range.buckets.ends, bucketKeys: range.buckets.keys },
  );
  return rows.map((row) => ({
    bucket: (row.bucket as string | null) ?? null,
    paidOrders: Number(row.paid_orders),
    revenue: row.revenue as string,
    refundCount: Number(row.refund_count),
    refundAmount: row.refund_amount as string,
    quotesSent: Number(row.quotes_sent),
    quotesAccepted: Number(row.quotes_accepted),
    quotesDeclined: Number(row.quotes_declined),
    acceptSeconds: Number(row.accept_seconds),
  }));
}

/**
 * Monthly recurring revenue at each instant, in cents: the plans' monthly price (a yearly plan's price / 12) summed
 * over subscriptions started by then and not ended by then. A subscription that never became active (incomplete)
 * counts nowhere; one cancelled without an end time ends when it was cancelled. The subscriptions that overlap the
 * instants are read once (a few thousand rows at most) and swept in order, so any number of instants costs one
 * query; sums are kept in twelfths of a cent, exact, and rounded to the cent at the end (half up).
 */
export async function mrrAt(db: Knex, instants: Date[]): Promise<bigint[]> {
  if (instants.length === 0) return [];
  const first = instants[0]!;
  const last = instants[instants.length - 1]!;
  const { rows } = await db.raw<{ rows: { started: Date; ended: Date | null; twelfths: string }[] }>(
    `select s.provider_created_at as started,
            coalesce(s.ended_at, case when s.status = 'canceled' then coalesce(s.canceled_at, s.updated_at) end) as ended,
            (round(p.price * 100) * case when p.interval = 'year' then 1 else 12 end)::bigint::text as twelfths
       from subscriptions s
       join subscription_plans p on p.id = s.plan_id
      where s.status not in ('incomplete', 'incomplete_expired')
        and s.provider_created_at <= :last
        and coalesce(s.ended_at, case when s.status = 'canceled' then coalesce(s.canceled_at, s.updated_at) end,
                     'infinity') > :first`,
    { first, last },
  );
  // +amount when a subscription starts, −amount when it ends; MRR at t = the sum of changes at or before t.
  const changes = rows.flatMap((row) => {
    const amount = BigInt(row.twelfths);
    const start = { at: row.started.getTime(), amount };
    return row.ended ? [start, { at: row.ended.getTime(), amount: -amount }] : [start];
  });
  changes.sort((a, b) => a.at - b.at);
  const result: bigint[] = [];
  let running = 0n;
  let next = 0;
  for (const instant of instants) {
    const at = instant.getTime();
    while (next < changes.length && changes[next]!.at <= at) running += changes[next++]!.amount;
    result.push((running + 6n) / 12n);
  }
  return result;
}

export interface SalesItemRow {
  kind: 'order' | 'refund' | 'quote';
  id: string;
  reference: string;
  event: string;
  at: Date;
  amount: string | null;
}

/** Every order paid, refund succeeded and quote sent, accepted or declined in the range, in time order. */
export async function salesItemRows(db: Knex, range: Range): Promise<SalesItemRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select * from (
       select 'order' as kind, id, 'NS-' || number as reference, 'paid' as event, paid_at as at, total_amount::text as amount
         from orders where paid_at >= :from and paid_at < :to
       union all
       select 'refund', r.id, 'NS-' || o.number, 'refunded', r.succeeded_at, r.amount::text
         from refunds r join orders o on o.id = r.order_id
        where r.status = 'succeeded' and r.succeeded_at >= :from and r.succeeded_at < :to
       union all
       select 'quote', id, number, 'sent', sent_at, null from quotes where sent_at >= :from and sent_at < :to
       union all
       select 'quote', id, number, 'accepted', accepted_at, null from quotes where accepted_at >= :from and accepted_at < :to
       union all
       select 'quote', id, number, 'declined', declined_at, null from quotes where declined_at >= :from and declined_at < :to
     ) as items order by at, id`,
    { from: range.from, to: range.to },
  );
  return rows.map((row) => ({
    kind: row.kind as SalesItemRow['kind'],
    id: row.id as string,
    reference: row.reference as string,
    event: row.event as string,
    at: row.at as Date,
    amount: (row.amount as string | null) ?? null,
  }));
}
