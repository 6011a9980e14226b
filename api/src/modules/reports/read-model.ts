import type { Knex } from 'knex';
import type { Priority } from '@shared/schemas/support';
import type { ReportInterval } from '@shared/schemas/reports';
import { businessMsSql, type BusinessClock } from './business-clock';

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

/**
 * The items a support report reads: tickets and chats created in the range,
 * or resolved (a chat: closed) in it, with the filter applied.
 */
function itemsSql(filter: SupportFilter): { sql: string; bindings: unknown[] } {
  const ticketWhere: string[] = [];
  const chatWhere: string[] = [];
  const extra: unknown[] = [];
  if (filter.priority) {
    ticketWhere.push('and priority = :priority');
    chatWhere.push('and priority = :priority');
  }
  if (filter.assigneeId) {
    ticketWhere.push('and assignee_id = :assigneeId');
    chatWhere.push('and assignee_id = :assigneeId');
  }
  return {
    sql: `
      select 'ticket' as kind, id, number::text as number, created_at, priority, assignee_id, first_response_at,
             first_response_due_at, resolution_due_at, resolved_at, sla_state
        from service_requests
       where ((created_at >= :from and created_at < :to) or (resolved_at >= :from and resolved_at < :to))
             ${ticketWhere.join(' ')}
      union all
      select 'chat', id, null, created_at, priority, assignee_id, first_response_at,
             first_response_due_at, null, closed_at, sla_state
        from chat_conversations
       where ((created_at >= :from and created_at < :to) or (closed_at >= :from and closed_at < :to))
             ${chatWhere.join(' ')}`,
    bindings: extra,
  };
}

function measuredSql(filter: SupportFilter): string {
  const arrays = { starts: 'clock.s', lengths: 'clock.l', before: 'clock.b' };
  const bms = (column: string) => businessMsSql(column, arrays);
  return `
    with clock as (select :starts::float8[] as s, :lengths::float8[] as l, :before::float8[] as b),
    items as (${itemsSql(filter).sql}),
    measured as (
      select items.*,
             case when created_at >= :from and created_at < :to
                  then date_trunc(:unit, created_at at time zone :tz)::date end as created_bucket,
             case when resolved_at >= :from and resolved_at < :to
                  then date_trunc(:unit, resolved_at at time zone :tz)::date end as resolved_bucket,
             extract(epoch from first_response_at - created_at) / 60 as frt,
             floor((${bms('first_response_at')} - ${bms('created_at')}) / 60000) as frt_b,
             extract(epoch from resolved_at - created_at) / 60 as rt,
             floor((${bms('resolved_at')} - ${bms('created_at')}) / 60000) as rt_b,
             sla_state in ('met', 'breached') as sla_counted,
             (first_response_at is not null
               and (first_response_due_at is null or first_response_at <= first_response_due_at)
               and (kind = 'chat' or resolution_due_at is null
                    or (resolved_at is not null and resolved_at <= resolution_due_at))) as sla_met
        from items, clock
    )`;
}

function params(range: Range, clock: BusinessClock, filter: SupportFilter): Record<string, unknown> {
  return {
    from: range.from,
    to: range.to,
    unit: range.interval,
    tz: range.timeZone,
    starts: clock.starts,
    lengths: clock.lengths,
    before: clock.before,
    priority: filter.priority ?? null,
    assigneeId: filter.assigneeId ?? null,
  };
}

/** The earliest creation among items resolved in the range (their clocks must reach back to it). */
export async function earliestCreatedOfResolved(db: Knex, range: Range, filter: SupportFilter): Promise<Date | null> {
  const { rows } = await db.raw<{ rows: { earliest: Date | null }[] }>(
    `select least(
       (select min(created_at) from service_requests where resolved_at >= :from and resolved_at < :to
          ${filter.priority ? 'and priority = :priority' : ''} ${filter.assigneeId ? 'and assignee_id = :assigneeId' : ''}),
       (select min(created_at) from chat_conversations where closed_at >= :from and closed_at < :to
          ${filter.priority ? 'and priority = :priority' : ''} ${filter.assigneeId ? 'and assignee_id = :assigneeId' : ''})
     ) as earliest`,
    { from: range.from, to: range.to, priority: filter.priority ?? null, assigneeId: filter.assigneeId ?? null },
  );
  return rows[0]?.earliest ?? null;
}

const groupedBy = (row: { g_bucket: number; g_assignee: number }): SupportRow['groupedBy'] =>
  row.g_bucket === 0 ? 'bucket' : row.g_assignee === 0 ? 'assignee' : 'total';

/** The support figures per bucket, per assignee over the range, and in total: one query. */
export async function supportFigureRows(
  db: Knex,
  range: Range,
  clock: BusinessClock,
  filter: SupportFilter,
): Promise<SupportRow[]> {
  const created = `role = 'created'`;
  const resolved = `role = 'resolved'`;
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `${measuredSql(filter)},
    events as (
      select measured.*, e.bucket, e.role
        from measured
        cross join lateral (values (created_bucket, 'created'), (resolved_bucket, 'resolved')) as e(bucket, role)
       where e.bucket is not null
    )
    select grouping(bucket) as g_bucket, grouping(assignee_id) as g_assignee, bucket::text as bucket, assignee_id,
           count(*) filter (where ${created}) as new_total,
           count(*) filter (where ${created} and kind = 'ticket') as new_tickets,
           count(*) filter (where ${created} and kind = 'chat') as new_chats,
           count(*) filter (where ${resolved}) as resolved_total,
           count(*) filter (where ${resolved} and kind = 'ticket') as resolved_tickets,
           count(*) filter (where ${resolved} and kind = 'chat') as resolved_chats,
           count(frt) filter (where ${created}) as frt_count,
           percentile_cont(0.5) within group (order by frt) filter (where ${created}) as frt_median,
           percentile_cont(0.9) within group (order by frt) filter (where ${created}) as frt_p90,
           percentile_cont(0.5) within group (order by frt_b) filter (where ${created}) as frt_b_median,
           percentile_cont(0.9) within group (order by frt_b) filter (where ${created}) as frt_b_p90,
           count(rt) filter (where ${resolved}) as rt_count,
           percentile_cont(0.5) within group (order by rt) filter (where ${resolved}) as rt_median,
           percentile_cont(0.9) within group (order by rt) filter (where ${resolved}) as rt_p90,
           percentile_cont(0.5) within group (order by rt_b) filter (where ${resolved}) as rt_b_median,
           percentile_cont(0.9) within group (order by rt_b) filter (where ${resolved}) as rt_b_p90,
           count(*) filter (where ${created} and sla_counted) as sla_counted,
           count(*) filter (where ${created} and sla_counted and sla_met) as sla_met
      from events
     group by grouping sets ((bucket), (assignee_id), ())`,
    params(range, clock, filter),
  );
  return rows.map((row) => ({
    groupedBy: groupedBy(row as { g_bucket: number; g_assignee: number }),
    bucket: (row.bucket as string | null) ?? null,
    assigneeId: (row.assignee_id as string | null) ?? null,
    newTotal: Number(row.new_total),
    newTickets: Number(row.new_tickets),
    newChats: Number(row.new_chats),
    resolvedTotal: Number(row.resolved_total),
    resolvedTickets: Number(row.resolved_tickets),
    resolvedChats: Number(row.resolved_chats),
    frtCount: Number(row.frt_count),
    frtMedian: num(row.frt_median),
    frtP90: num(row.frt_p90),
    frtBusinessMedian: num(row.frt_b_median),
    frtBusinessP90: num(row.frt_b_p90),
    rtCount: Number(row.rt_count),
    rtMedian: num(row.rt_median),
    rtP90: num(row.rt_p90),
    rtBusinessMedian: num(row.rt_b_median),
    rtBusinessP90: num(row.rt_b_p90),
    slaCounted: Number(row.sla_counted),
    slaMet: Number(row.sla_met),
  }));
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
      group by grouping sets ((bucket), (assignee_id), ())`,
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

/** Every item behind a support report, oldest first, with its measured times. */
export async function supportItemRows(
  db: Knex,
  range: Range,
  clock: BusinessClock,
  filter: SupportFilter,
): Promise<SupportItemRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `${measuredSql(filter)}
     select kind, id, number, created_at, priority, assignee_id, first_response_at, first_response_due_at,
            resolution_due_at, resolved_at, sla_state, frt, frt_b, rt, rt_b, case when sla_counted then sla_met end as sla_met
       from measured
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
 * Monthly recurring revenue at each instant: the plans' monthly price (a
 * yearly plan's price / 12) summed over subscriptions started by then and not
 * ended by then. A subscription that never became active (incomplete) counts
 * nowhere; one cancelled without an end time ends when it was cancelled.
 */
export async function mrrAt(db: Knex, instants: Date[]): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { at: Date; mrr: string }[] }>(
    `select at.at,
            coalesce(sum(case when p.interval = 'year' then p.price / 12 else p.price end), 0)::numeric(14,2)::text as mrr
       from unnest(:instants::timestamptz[]) with ordinality as at(at, n)
       left join subscriptions s
              on s.status not in ('incomplete', 'incomplete_expired')
             and s.provider_created_at <= at.at
             and coalesce(s.ended_at, case when s.status = 'canceled' then coalesce(s.canceled_at, s.updated_at) end,
                          'infinity') > at.at
       left join subscription_plans p on p.id = s.plan_id
      group by at.at, at.n
      order by at.n`,
    { instants },
  );
  return rows.map((row) => row.mrr);
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
