import type { Knex } from 'knex';
import type { Priority } from '@shared/schemas/support';
import type { ReportInterval } from '@shared/schemas/reports';
import { businessMsSql, epochMsSql, openingIndexSql, type BusinessClock } from './business-clock';

/**
 * The reports' one read-model (decisions 162 and 194): the only place in this
 * module that reads other modules' tables, read-only, with SQL. Reports add up
 * rows across tickets, chats, ratings, orders, refunds, subscriptions and
 * quotes over a year at a time; asking each owner for its rows would move
 * hundreds of thousands of rows out of PostgreSQL per report. What these
 * queries rely on is each owner's documented columns:
 *
 * - service_requests: created_at, priority, assignee_id, first_response_at,
 *   first_response_due_at, resolution_due_at, resolved_at, sla_state (written by
 *   the service-level engine);
 * - chat_conversations: created_at, closed_at, priority, assignee_id,
 *   first_response_at, first_response_due_at, sla_state;
 * - satisfaction_surveys: rating, answered_at, assignee_id and its subject;
 * - orders.paid_at and total_amount; refunds.succeeded_at and amount;
 * - subscriptions (provider_created_at, status, ended_at, canceled_at) and their
 *   plan's price and interval; quotes.sent_at, accepted_at, declined_at;
 * - users' names, for the staff a report lists.
 */

export interface Range {
  /** First instant included and first instant after the range, as Dates. */
  from: Date;
  to: Date;
  interval: ReportInterval;
  timeZone: string;
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
 * The tickets and chats a part of the support report reads: those created in
 * the range, or those resolved (a chat: closed) in it, with the filter. Each
 * is one index range scan on its time.
 */
function itemsSql(filter: SupportFilter, role: Role | 'either', withOpenings = false): string {
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
  // Each instant's opening in the business clock (decision 194), found once per row.
  const openings = (resolvedColumn: string) =>
    withOpenings
      ? `, ${openingIndexSql(epochMsSql('created_at'))} as ci,
           ${role === 'resolved' ? 'null::int' : openingIndexSql(epochMsSql('first_response_at'))} as fi,
           ${role === 'created' ? 'null::int' : openingIndexSql(epochMsSql(resolvedColumn))} as ri`
      : '';
  return `
    select 'ticket' as kind, id, number::text as number, created_at, priority, assignee_id, first_response_at,
           first_response_due_at, resolution_due_at, resolved_at, sla_state ${openings('resolved_at')}
      from service_requests
     where ${where('resolved_at')} ${extra}
    union all
    select 'chat', id, null, created_at, priority, assignee_id, first_response_at,
           first_response_due_at, null, closed_at, sla_state ${openings('closed_at')}
      from chat_conversations
     where ${where('closed_at')} ${extra}`;
}

/**
 * The items with their measures: times in calendar minutes and in whole
 * business minutes, whether the clock has ended and whether the SLA was met.
 */
function measuredSql(filter: SupportFilter, role: Role | 'either'): string {
  const c = epochMsSql('created_at');
  const f = epochMsSql('first_response_at');
  const r = epochMsSql('resolved_at');
  return `
    select items.*,
           extract(epoch from first_response_at - created_at) / 60 as frt,
           floor((${businessMsSql(f, 'fi')} - ${businessMsSql(c, 'ci')}) / 60000) as frt_b,
           extract(epoch from resolved_at - created_at) / 60 as rt,
           floor((${businessMsSql(r, 'ri')} - ${businessMsSql(c, 'ci')}) / 60000) as rt_b,
           sla_state in ('met', 'breached') as sla_counted,
           (first_response_at is not null
             and (first_response_due_at is null or first_response_at <= first_response_due_at)
             and (kind = 'chat' or resolution_due_at is null
                  or (resolved_at is not null and resolved_at <= resolution_due_at))) as sla_met
      from (${itemsSql(filter, role, true)}) as items`;
}

function params(range: Range, clock: BusinessClock, filter: SupportFilter): Record<string, unknown> {
  return {
    from: range.from,
    to: range.to,
    unit: range.interval,
    tz: range.timeZone,
    starts: clock.starts,
    offsets: clock.offsets,
    ends: clock.ends,
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

const key = (row: { groupedBy: string; bucket: string | null; assigneeId: string | null }) =>
  `${row.groupedBy}|${row.bucket ?? ''}|${row.assigneeId ?? ''}`;

/**
 * The support figures per bucket, per assignee over the range, and in total:
 * one query over the items created in the range (new, first response, SLA),
 * one over those resolved in it (resolved, resolution time), side by side.
 */
export async function supportFigureRows(
  db: Knex,
  range: Range,
  clock: BusinessClock,
  filter: SupportFilter,
): Promise<SupportRow[]> {
  const bindings = params(range, clock, filter);
  const [created, resolved] = await Promise.all([
    db.raw<{ rows: Record<string, unknown>[] }>(
      `select grouping(bucket) as g_bucket, grouping(assignee_id) as g_assignee, bucket::text as bucket, assignee_id,
              count(*) as new_total,
              count(*) filter (where kind = 'ticket') as new_tickets,
              count(*) filter (where kind = 'chat') as new_chats,
              count(frt) as frt_count,
              percentile_cont(${PERCENTILES}) within group (order by frt) as frt_p,
              percentile_cont(${PERCENTILES}) within group (order by frt_b) as frt_b_p,
              count(*) filter (where sla_counted) as sla_counted,
              count(*) filter (where sla_counted and sla_met) as sla_met
         from (select m.*, date_trunc(:unit, created_at at time zone :tz)::date as bucket
                 from (${measuredSql(filter, 'created')}) as m) as measured
        ${GROUPING}`,
      bindings,
    ),
    db.raw<{ rows: Record<string, unknown>[] }>(
      `select grouping(bucket) as g_bucket, grouping(assignee_id) as g_assignee, bucket::text as bucket, assignee_id,
              count(*) as resolved_total,
              count(*) filter (where kind = 'ticket') as resolved_tickets,
              count(*) filter (where kind = 'chat') as resolved_chats,
              count(rt) as rt_count,
              percentile_cont(${PERCENTILES}) within group (order by rt) as rt_p,
              percentile_cont(${PERCENTILES}) within group (order by rt_b) as rt_b_p
         from (select m.*, date_trunc(:unit, resolved_at at time zone :tz)::date as bucket
                 from (${measuredSql(filter, 'resolved')}) as m) as measured
        ${GROUPING}`,
      bindings,
    ),
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
  for (const raw of created.rows) {
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
  for (const raw of resolved.rows) {
    const row = rowFor(raw);
    row.resolvedTotal = Number(raw.resolved_total);
    row.resolvedTickets = Number(raw.resolved_tickets);
    row.resolvedChats = Number(raw.resolved_chats);
    row.rtCount = Number(raw.rt_count);
    [row.rtMedian, row.rtP90] = pair(raw.rt_p);
    [row.rtBusinessMedian, row.rtBusinessP90] = pair(raw.rt_b_p);
  }
  return [...rows.values()];
}

/** Satisfaction ratings answered in the range, per bucket, per assignee and in total. */
export async function csatRows(db: Knex, range: Range, filter: SupportFilter): Promise<CsatRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select grouping(bucket) as g_bucket, grouping(assignee_id) as g_assignee, bucket::text as bucket, assignee_id,
            count(*) as count, avg(rating)::float8 as average
       from (
         select date_trunc(:unit, s.answered_at at time zone :tz)::date as bucket, s.assignee_id, s.rating
           from satisfaction_surveys s
           left join service_requests r on r.id = s.service_request_id
           left join chat_conversations c on c.id = s.chat_conversation_id
          where s.answered_at >= :from and s.answered_at < :to and s.rating is not null
                ${filter.assigneeId ? 'and s.assignee_id = :assigneeId' : ''}
                ${filter.priority ? 'and coalesce(r.priority, c.priority) = :priority' : ''}
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
  clock: BusinessClock,
  filter: SupportFilter,
): Promise<SupportItemRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select kind, id, number, created_at, priority, assignee_id, first_response_at, first_response_due_at,
            resolution_due_at, resolved_at, sla_state, frt, frt_b, rt, rt_b, case when sla_counted then sla_met end as sla_met
       from (${measuredSql(filter, 'either')}) as measured
      order by created_at, id`,
    params(range, clock, filter),
  );
  return rows.map((row) => ({
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

/** Orders paid, refunds succeeded and quotes sent/accepted/declined, per bucket (and in total, bucket null). */
export async function salesRows(db: Knex, range: Range): Promise<SalesRow[]> {
  const bucket = (column: string) => `date_trunc(:unit, ${column} at time zone :tz)::date`;
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `with events as (
       select ${bucket('paid_at')} as bucket, 'paid' as kind, total_amount as amount, null::float8 as seconds
         from orders where paid_at >= :from and paid_at < :to
       union all
       select ${bucket('succeeded_at')}, 'refund', amount, null
         from refunds where status = 'succeeded' and succeeded_at >= :from and succeeded_at < :to
       union all
       select ${bucket('sent_at')}, 'sent', null, null from quotes where sent_at >= :from and sent_at < :to
       union all
       select ${bucket('accepted_at')}, 'accepted', null, extract(epoch from accepted_at - sent_at)
         from quotes where accepted_at >= :from and accepted_at < :to
       union all
       select ${bucket('declined_at')}, 'declined', null, null
         from quotes where declined_at >= :from and declined_at < :to
     )
     select bucket::text as bucket,
            count(*) filter (where kind = 'paid') as paid_orders,
            coalesce(sum(amount) filter (where kind = 'paid'), 0)::numeric(14,2)::text as revenue,
            count(*) filter (where kind = 'refund') as refund_count,
            coalesce(sum(amount) filter (where kind = 'refund'), 0)::numeric(14,2)::text as refund_amount,
            count(*) filter (where kind = 'sent') as quotes_sent,
            count(*) filter (where kind = 'accepted') as quotes_accepted,
            count(*) filter (where kind = 'declined') as quotes_declined,
            coalesce(sum(seconds) filter (where kind = 'accepted'), 0)::float8 as accept_seconds
       from events
      group by grouping sets ((bucket), ())`,
    { from: range.from, to: range.to, unit: range.interval, tz: range.timeZone },
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
