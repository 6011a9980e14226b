import type { Knex } from 'knex';
import { businessMillisecondsBetween } from '@shared/business-time';
import { computeClock, type ClockFacts, type ClockResult } from '@shared/service-level-clock';
import { ticketTarget, type ServiceLevels, type SlaState } from '@shared/schemas/service-levels';
import type { BusinessHours, Priority } from '@shared/schemas/support';
import { liveSubscriptionStatuses } from '@shared/subscriptions';
import { readBusinessHours } from '../settings/business-hours';
import { readServiceLevels } from './service-levels-setting';
import { announceDue } from './announcements';

/**
 * Keeps each ticket's and chat's service-level columns true (decision 192):
 * due times, the state, the next instant it goes at risk or breaches, the
 * pause while a ticket waits on the client, when it was resolved. Every
 * change that moves a clock calls a refresh in its own transaction, after the
 * change: a new item, a status change, a staff reply, a priority, the
 * client's plan, the policies or the business hours. A refresh never
 * announces by itself setting `at_risk` or `breached`: it sets the next
 * instants, and when one has passed it runs the same conditional UPDATE as
 * the sweep (announcements.ts), so a warning or breach is told exactly once.
 */

export interface ClockContext {
  hours: BusinessHours;
  levels: ServiceLevels;
  now: number;
}

export async function clockContext(db: Knex | Knex.Transaction, now = Date.now()): Promise<ClockContext> {
  const [hours, levels] = await Promise.all([readBusinessHours(db), readServiceLevels(db)]);
  return { hours, levels, now };
}

const ms = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());
const date = (value: number | null): Date | null => (value === null ? null : new Date(value));

/** The client's plan: their newest live subscription's. */
const PLAN_OF = (alias: string) =>
  `(select s.plan_id from subscriptions s where s.user_id = ${alias}.user_id and s.status = any(?::text[])
    order by s.provider_created_at desc nulls last limit 1)`;

interface TicketClockRow {
  id: string;
  status: string;
  priority: Priority;
  planId: string | null;
  createdAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  slaState: SlaState | null;
  pausedAt: Date | null;
  pausedMs: string;
  breachedAt: Date | null;
  firstResponseTarget: number | null;
  resolutionTarget: number | null;
}

const TICKET_CLOCK_COLUMNS = `sr.id, sr.status, sr.priority, ${PLAN_OF('sr')} as "planId", sr.created_at as "createdAt",
  sr.first_response_at as "firstResponseAt", sr.resolved_at as "resolvedAt",
  sr.first_response_due_at as "firstResponseDueAt", sr.resolution_due_at as "resolutionDueAt",
  sr.sla_state as "slaState", sr.sla_paused_at as "pausedAt", sr.sla_paused_ms::text as "pausedMs",
  sr.sla_breached_at as "breachedAt", sr.first_response_target_minutes as "firstResponseTarget",
  sr.resolution_target_minutes as "resolutionTarget"`;

interface Settled {
  state: SlaState | null;
  warningAt: number | null;
  breachAt: number | null;
  /** A warning or breach instant has already passed: announce it now. */
  due: boolean;
}

/** The state to store and the instants to wait for, from the clocks and what was stored. */
function settle(
  result: ClockResult,
  stored: { state: SlaState | null; breachedAt: Date | null; paused: boolean },
  now: number,
): Settled {
  if (stored.breachedAt) return { state: 'breached', warningAt: null, breachAt: null, due: false };
  const { warningAt, breachAt } = result;
  if (breachAt !== null && breachAt <= now) {
    return { state: stored.state === 'at_risk' ? 'at_risk' : 'on_track', warningAt: null, breachAt, due: true };
  }
  if (result.done) return { state: result.met ? 'met' : null, warningAt: null, breachAt: null, due: false };
  const stillAtRisk = warningAt === null ? stored.paused : warningAt <= now;
  if (stored.state === 'at_risk' && stillAtRisk) return { state: 'at_risk', warningAt: null, breachAt, due: false };
  return { state: 'on_track', warningAt, breachAt, due: warningAt !== null && warningAt <= now };
}

/** Recomputes tickets' clocks (locked here, in id order), then announces any instant already passed. */
export async function refreshTickets(
  trx: Knex.Transaction,
  where: { ids?: string[]; userId?: string; open?: boolean },
  context?: ClockContext,
): Promise<void> {
  const ctx = context ?? (await clockContext(trx));
  const query = trx
    .select(trx.raw(TICKET_CLOCK_COLUMNS, [[...liveSubscriptionStatuses]]))
    .from('tickets as sr')
    .orderBy('sr.id')
    .forUpdate();
  if (where.ids) query.whereIn('sr.id', where.ids);
  if (where.userId) query.where('sr.user_id', where.userId);
  if (where.open) query.whereNotIn('sr.status', ['completed', 'cancelled']);
  const rows = (await query) as TicketClockRow[];
  let announce = false;
  for (const row of rows) announce = (await refreshTicketRow(trx, row, ctx)) || announce;
  if (announce) await announceDue(trx, ctx.now, { tickets: rows.map((row) => row.id), chats: [] }, ctx.hours);
}

async function refreshTicketRow(trx: Knex.Transaction, row: TicketClockRow, ctx: ClockContext): Promise<boolean> {
  const { hours, now } = ctx;
  let pausedAt = ms(row.pausedAt);
  let pausedMs = Number(row.pausedMs);
  let resolvedAt = ms(row.resolvedAt);
  // Waiting on the client pauses the clocks; the paused business time moves the due times out.
  if (row.status === 'waiting_on_client') pausedAt ??= now;
  else if (pausedAt !== null) {
    pausedMs += businessMillisecondsBetween(hours, pausedAt, now);
    pausedAt = null;
  }
  if (row.status === 'completed') resolvedAt ??= now;
  else if (resolvedAt !== null) {
    // Reopened: the time it stood completed does not count against it.
    pausedMs += businessMillisecondsBetween(hours, resolvedAt, now);
    resolvedAt = null;
  }
  const target = ticketTarget(ctx.levels, row.planId, row.priority);
  const firstResponseEnded = (row.firstResponseAt ?? resolvedAt) !== null;
  // A clock that ended keeps the target and due time it ended with.
  const firstResponseMinutes =
    firstResponseEnded && row.firstResponseTarget !== null ? row.firstResponseTarget : target.firstResponseMinutes;
  const resolutionMinutes =
    resolvedAt !== null && row.resolutionTarget !== null ? row.resolutionTarget : target.resolutionMinutes;
  const facts: ClockFacts = {
    startedAt: new Date(row.createdAt).getTime(),
    firstResponseMinutes,
    resolutionMinutes,
    pausedMs,
    pausedAt,
    firstResponseAt: ms(row.firstResponseAt),
    resolvedAt,
    stopped: row.status === 'cancelled',
    storedFirstResponseDueAt: ms(row.firstResponseDueAt),
    storedResolutionDueAt: ms(row.resolutionDueAt),
  };
  const result = computeClock(hours, facts, now);
  const settled = settle(result, { state: row.slaState, breachedAt: row.breachedAt, paused: pausedAt !== null }, now);
  await trx('tickets')
    .where({ id: row.id })
    .update({
      firstResponseTargetMinutes: firstResponseMinutes,
      resolutionTargetMinutes: resolutionMinutes,
      firstResponseDueAt: date(result.firstResponseDueAt),
      resolutionDueAt: date(result.resolutionDueAt),
      resolvedAt: date(resolvedAt),
      slaPausedAt: date(pausedAt),
      slaPausedMs: Math.round(pausedMs),
      slaState: settled.state,
      slaNextWarningAt: date(settled.warningAt),
      slaNextBreachAt: date(settled.breachAt),
    });
  return settled.due;
}

interface ChatClockRow {
  id: string;
  status: string;
  createdAt: Date;
  firstResponseAt: Date | null;
  firstResponseDueAt: Date | null;
  slaState: SlaState | null;
  breachedAt: Date | null;
  firstResponseTarget: number | null;
}

const CHAT_CLOCK_COLUMNS = `c.id, c.status, c.created_at as "createdAt", c.first_response_at as "firstResponseAt",
  c.first_response_due_at as "firstResponseDueAt", c.sla_state as "slaState", c.sla_breached_at as "breachedAt",
  c.first_response_target_minutes as "firstResponseTarget"`;

/** Recomputes chats' first-response clocks (locked here, in id order), then announces what is already due. */
export async function refreshChats(
  trx: Knex.Transaction,
  where: { ids?: string[]; userId?: string; open?: boolean },
  context?: ClockContext,
): Promise<void> {
  const ctx = context ?? (await clockContext(trx));
  const query = trx.select(trx.raw(CHAT_CLOCK_COLUMNS)).from('chat_conversations as c').orderBy('c.id').forUpdate();
  if (where.ids) query.whereIn('c.id', where.ids);
  if (where.userId) query.where('c.user_id', where.userId);
  if (where.open) query.where('c.status', 'active');
  const rows = (await query) as ChatClockRow[];
  let announce = false;
  for (const row of rows) {
    const firstResponseMinutes =
      row.firstResponseAt !== null && row.firstResponseTarget !== null
        ? row.firstResponseTarget
        : ctx.levels.chat.firstResponseMinutes;
    const result = computeClock(
      ctx.hours,
      {
        startedAt: new Date(row.createdAt).getTime(),
        firstResponseMinutes,
        resolutionMinutes: null,
        pausedMs: 0,
        pausedAt: null,
        firstResponseAt: ms(row.firstResponseAt),
        resolvedAt: null,
        stopped: row.status === 'closed',
        storedFirstResponseDueAt: ms(row.firstResponseDueAt),
        storedResolutionDueAt: null,
      },
      ctx.now,
    );
    const settled = settle(result, { state: row.slaState, breachedAt: row.breachedAt, paused: false }, ctx.now);
    await trx('chat_conversations')
      .where({ id: row.id })
      .update({
        firstResponseTargetMinutes: firstResponseMinutes,
        firstResponseDueAt: date(result.firstResponseDueAt),
        slaState: settled.state,
        slaNextWarningAt: date(settled.warningAt),
        slaNextBreachAt: date(settled.breachAt),
      });
    announce ||= settled.due;
  }
  if (announce) await announceDue(trx, ctx.now, { tickets: [], chats: rows.map((row) => row.id) }, ctx.hours);
}

/** A ticket changed in a way that moves its clocks (created, status, priority): recompute it. */
export function refreshTicketClock(trx: Knex.Transaction, id: string): Promise<void> {
  return refreshTickets(trx, { ids: [id] });
}

/**
 * Staff answered a ticket publicly: its first response, if it is the first.
 * Call after the reply is stored; internal notes and automatic messages never count.
 */
export async function recordTicketFirstResponse(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('tickets')
    .where({ id })
    .whereNull('firstResponseAt')
    .update({ firstResponseAt: trx.raw('clock_timestamp()') });
  await refreshTickets(trx, { ids: [id] });
}

export function refreshChatClock(trx: Knex.Transaction, id: string): Promise<void> {
  return refreshChats(trx, { ids: [id] });
}

/**
 * Staff members' own messages in chats (not automatic ones, which have no
 * sender): the first one is the chat's first response.
 */
export async function recordChatFirstResponses(trx: Knex.Transaction, conversationIds: string[]): Promise<void> {
  if (conversationIds.length === 0) return;
  const answered = (await trx('chat_conversations as c')
    .whereIn('c.id', conversationIds)
    .whereNull('c.firstResponseAt')
    .whereExists((sub) =>
      sub
        .select(trx.raw('1'))
        .from('chat_messages as m')
        .whereRaw(`m.conversation_id = c.id and m.sender_type = 'admin' and m.sender_id is not null`),
    )
    .update({
      firstResponseAt: trx.raw(
        `(select min(m.created_at) from chat_messages m
          where m.conversation_id = c.id and m.sender_type = 'admin' and m.sender_id is not null)`,
      ),
    })
    .returning('c.id')) as { id: string }[];
  if (answered.length > 0) await refreshChats(trx, { ids: answered.map((row) => row.id) });
}

/** The client's plan changed: their open tickets and chats follow its policy. */
export async function refreshClientClocks(trx: Knex.Transaction, userId: string): Promise<void> {
  const ctx = await clockContext(trx);
  await refreshTickets(trx, { userId, open: true }, ctx);
  await refreshChats(trx, { userId, open: true }, ctx);
}

/** The policies or the business hours changed: every open ticket and chat is recomputed. */
export async function refreshAllClocks(trx: Knex.Transaction): Promise<void> {
  const ctx = await clockContext(trx);
  await refreshTickets(trx, { open: true }, ctx);
  await refreshChats(trx, { open: true }, ctx);
}
