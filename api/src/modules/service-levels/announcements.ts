import type { Knex } from 'knex';
import type { BusinessHours } from '@shared/schemas/support';
import type { StaffEventKind } from '@shared/schemas/staff-events';
import { formatInZone } from '@shared/time-zones';
import { publishAll } from '../../live/publish';
import { readBusinessHours } from '../settings/business-hours';

/**
 * Announcing a warning (at risk) or a breach exactly once, whichever instance
 * sees it first and however many look at once (decision 192). The item's
 * `sla_state` is the persistent marker: one conditional UPDATE moves it
 * (`on_track` → `at_risk`, `on_track`/`at_risk` → `breached`) only where it
 * has not moved yet, with `FOR UPDATE SKIP LOCKED` so a second instance
 * passes over rows the first is announcing; the rows it RETURNs are the ones
 * this transaction announces, in the same transaction: the log row
 * (`service_level_events`), the ticket's timeline entry for a breach, and the
 * staff event (NOTIFY, delivered on commit). A crash before the commit rolls
 * all of it back and the next look announces it; after the commit the state
 * has moved and nobody announces it again.
 */

type Subject = 'ticket' | 'chat';
type Clock = 'first_response' | 'resolution';

export interface Announcement {
  subject: Subject;
  id: string;
  kind: 'at_risk' | 'breached';
  clock: Clock;
  dueAt: Date;
  holderId: string | null;
}

const TABLES: Record<Subject, string> = { ticket: 'tickets', chat: 'chat_conversations' };
/** How many items one statement announces; the sweep repeats until fewer come back. */
export const ANNOUNCE_BATCH = 200;

function breachSql(subject: Subject, only: boolean): string {
  const table = TABLES[subject];
  const clock =
    subject === 'ticket'
      ? `case when t.first_response_due_at is not null and t.sla_breached_at = t.first_response_due_at
           then 'first_response' else 'resolution' end`
      : `'first_response'`;
  return `with due as (
      select id from ${table}
      where sla_next_breach_at <= ? and sla_state in ('on_track', 'at_risk') ${only ? 'and id = any(?::uuid[])' : ''}
      order by sla_next_breach_at limit ${ANNOUNCE_BATCH}
      for update skip locked
    )
    update ${table} t set sla_state = 'breached', sla_breached_at = t.sla_next_breach_at,
      sla_next_breach_at = null, sla_next_warning_at = null
    from due where t.id = due.id and t.sla_state in ('on_track', 'at_risk')
    returning t.id, t.assignee_id as "holderId", t.sla_breached_at as "dueAt", ${clock} as clock`;
}

function warningSql(subject: Subject, only: boolean): string {
  const table = TABLES[subject];
  // Which clock warned: the first response while it runs (its target is the shorter), else the resolution.
  const running = `t.first_response_at is null and t.resolved_at is null`;
  const clock =
    subject === 'ticket'
      ? `case when ${running} then t.first_response_due_at else t.resolution_due_at end as "dueAt",
      case when ${running} then 'first_response' else 'resolution' end as clock`
      : `t.first_response_due_at as "dueAt", 'first_response' as clock`;
  return `with due as (
      select id from ${table}
      where sla_next_warning_at <= ? and sla_state = 'on_track' ${only ? 'and id = any(?::uuid[])' : ''}
      order by sla_next_warning_at limit ${ANNOUNCE_BATCH}
      for update skip locked
    )
    update ${table} t set sla_state = 'at_risk', sla_next_warning_at = null
    from due where t.id = due.id and t.sla_state = 'on_track'
    returning t.id, t.assignee_id as "holderId", ${clock}`;
}

const CLOCK_LABELS: Record<Clock, string> = { first_response: 'First response', resolution: 'Resolution' };

/**
 * Moves and announces what is due at `now`: breaches first (an item past both
 * its warning and its due time is announced once, as breached), then
 * warnings. `only` limits it to some items (a refresh of those); without it,
 * one batch of each. Returns what this call announced.
 */
export async function announceDue(
  trx: Knex.Transaction,
  now: number,
  only?: { tickets: string[]; chats: string[] },
  knownHours?: BusinessHours,
): Promise<Announcement[]> {
  const announced: Announcement[] = [];
  for (const subject of ['ticket', 'chat'] as const) {
    const ids = only ? (subject === 'ticket' ? only.tickets : only.chats) : null;
    if (ids && ids.length === 0) continue;
    for (const [kind, sql] of [
      ['breached', breachSql(subject, ids !== null)],
      ['at_risk', warningSql(subject, ids !== null)],
    ] as const) {
      const bindings: Knex.RawBinding[] = [new Date(now)];
      if (ids) bindings.push(ids);
      const result = await trx.raw<{ rows: { id: string; holderId: string | null; dueAt: Date; clock: Clock }[] }>(
        sql,
        bindings,
      );
      for (const row of result.rows) announced.push({ subject, kind, ...row });
    }
  }
  if (announced.length > 0) await record(trx, announced, knownHours ?? (await readBusinessHours(trx)));
  return announced;
}

const EVENT_KINDS: Record<Subject, Record<Announcement['kind'], StaffEventKind>> = {
  ticket: { at_risk: 'service_request.sla_at_risk', breached: 'service_request.sla_breached' },
  chat: { at_risk: 'chat.sla_at_risk', breached: 'chat.sla_breached' },
};

async function record(trx: Knex.Transaction, announced: Announcement[], hours: BusinessHours): Promise<void> {
  const holderIds = [...new Set(announced.map((a) => a.holderId).filter((id): id is string => id !== null))];
  const names = new Map(
    holderIds.length === 0
      ? []
      : (
          (await trx('users')
            .select('id', trx.raw(`coalesce(nullif(concat_ws(' ', first_name, last_name), ''), username) as name`))
            .whereIn('id', holderIds)) as { id: string; name: string }[]
        ).map((row) => [row.id, row.name]),
  );
  await trx('service_level_events').insert(
    announced.map((a) => ({
      ticketId: a.subject === 'ticket' ? a.id : null,
      chatConversationId: a.subject === 'chat' ? a.id : null,
      kind: a.kind,
      clock: a.clock,
      dueAt: a.dueAt,
      holderId: a.holderId,
      holderName: a.holderId ? (names.get(a.holderId) ?? null) : null,
      createdAt: trx.raw('clock_timestamp()'),
    })),
  );
  // A ticket's breach goes on its timeline (staff only), with the time it was due and who held it.
  const breaches = announced.filter((a) => a.subject === 'ticket' && a.kind === 'breached');
  if (breaches.length > 0) {
    await trx('ticket_events').insert(
      breaches.map((a) => {
        const holder = a.holderId ? (names.get(a.holderId) ?? null) : null;
        return {
          ticketId: a.id,
          kind: 'sla_breached',
          actorType: 'system',
          actorName: 'Service levels',
          message: `${CLOCK_LABELS[a.clock]} target missed: it was due ${formatInZone(a.dueAt.getTime(), hours.timeZone)}. ${
            holder ? `Assigned to ${holder}.` : 'Nobody was assigned.'
          }`,
          assigneeId: a.holderId,
          assigneeName: holder,
          createdAt: trx.raw('clock_timestamp()'),
        };
      }),
    );
  }
  await publishAll(
    trx,
    'staff',
    announced.map((a) => ({ kind: EVENT_KINDS[a.subject][a.kind], id: a.id, assigneeId: a.holderId })),
  );
}

/** The earliest instant some item goes at risk or breaches, or null: when the precise timer should look. */
export async function nextDueInstant(db: Knex): Promise<number | null> {
  const result = await db.raw<{ rows: { next: Date | null }[] }>(
    `select least(
       (select min(sla_next_warning_at) from tickets where sla_next_warning_at is not null),
       (select min(sla_next_breach_at) from tickets where sla_next_breach_at is not null),
       (select min(sla_next_warning_at) from chat_conversations where sla_next_warning_at is not null),
       (select min(sla_next_breach_at) from chat_conversations where sla_next_breach_at is not null)
     ) as next`,
  );
  const next = result.rows[0]?.next;
  return next ? new Date(next).getTime() : null;
}
