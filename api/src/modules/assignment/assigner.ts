import type { Knex } from 'knex';
import { PRIORITY_RANK, type Priority } from '@shared/schemas/support';
import type { Permission } from '@shared/staff-roles';
import type { Logger } from '../../logger';
import {
  assignChatsAutomatically,
  onlineStaffIds,
  openChatCounts,
  returnChatsOfOfflineStaff,
  waitingChats,
} from '../chat/storage/chat-assignment';
import { assignTicketsAutomatically, openTicketCounts, waitingTickets } from '../tickets/ticket-assignment';
import { readAssignmentSettings } from '../settings/assignment-settings';
import { staffHolding } from '../users/staff-accounts';

/**
 * Automatic assignment (issue 26, decision 187). One pass, on any instance:
 *
 * 1. take the one assignment lock (a PostgreSQL advisory lock held until the
 *    pass commits), so passes on every instance run one after another and
 *    each reads what the previous one committed: nothing is given twice and
 *    nobody goes over capacity;
 * 2. open chats of staff offline longer than the grace go back to the pool;
 * 3. with automatic assignment on: every waiting chat and ticket (most urgent,
 *    then oldest, first) goes to the online staff member who may take both
 *    (support, admin) with the fewest open assigned items (chats + tickets),
 *    under the capacity; ties go to whoever's turn is oldest (round robin).
 *    What finds nobody keeps waiting for the next pass.
 */

/** The advisory lock's key: the assigner's one lock across every instance. */
export const ASSIGNMENT_LOCK_KEY = 726_026_001;

/** Who may be given items automatically: roles holding both (support and admin). */
export const ASSIGNABLE_PERMISSIONS: readonly Permission[] = ['chat', 'service_requests.work'];

export interface PassResult {
  /** Items given to someone, in order. */
  assigned: { kind: 'chat' | 'ticket'; id: string; assigneeId: string }[];
  /** Chats taken back from staff offline longer than the grace. */
  returned: number;
}

interface Candidate {
  id: string;
  name: string;
  load: number;
  /** The order of their last automatic assignment (smaller: longer ago; -Infinity: never). */
  turn: number;
}

function pick(candidates: Candidate[], capacity: number): Candidate | null {
  let best: Candidate | null = null;
  for (const candidate of candidates) {
    if (candidate.load >= capacity) continue;
    if (
      !best ||
      candidate.load < best.load ||
      (candidate.load === best.load &&
        (candidate.turn < best.turn || (candidate.turn === best.turn && candidate.id < best.id)))
    ) {
      best = candidate;
    }
  }
  return best;
}

type Waiting = { kind: 'chat' | 'ticket'; id: string; priority: Priority; createdAt: Date };

function byUrgencyThenAge(a: Waiting, b: Waiting): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() ||
    a.id.localeCompare(b.id)
  );
}

/**
 * One pass. `returnOffline: false` skips the offline grace (step 2): a new or
 * changed item cannot make anyone's grace run out, so the passes such events
 * start leave it to the sweeps and presence changes.
 */
export async function assignmentPass(db: Knex, { returnOffline = true } = {}): Promise<PassResult> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [ASSIGNMENT_LOCK_KEY]);
    const settings = await readAssignmentSettings(trx);
    const returned = returnOffline ? await returnChatsOfOfflineStaff(trx, settings.offlineGraceMinutes) : 0;
    const assigned: PassResult['assigned'] = [];
    if (!settings.autoAssign) return { assigned, returned };

    const staff = await staffHolding(trx, await onlineStaffIds(trx), ASSIGNABLE_PERMISSIONS);
    if (staff.length === 0) return { assigned, returned };
    const ids = staff.map((member) => member.id);
    // One connection: one query at a time.
    const chats = await openChatCounts(trx, ids);
    const tickets = await openTicketCounts(trx, ids);
    const turns = (await trx('assignment_turns')
      .select('userId', trx.raw('extract(epoch from last_assigned_at) * 1000000 as micros'))
      .whereIn('userId', ids)) as { userId: string; micros: string }[];
    const turnOf = new Map(turns.map((row) => [row.userId, Number(row.micros)]));
    const candidates: Candidate[] = staff.map((member) => ({
      ...member,
      load: (chats.get(member.id) ?? 0) + (tickets.get(member.id) ?? 0),
      turn: turnOf.get(member.id) ?? Number.NEGATIVE_INFINITY,
    }));
    const room = candidates.reduce((sum, candidate) => sum + Math.max(0, settings.capacity - candidate.load), 0);
    if (room === 0) return { assigned, returned };

    const waiting: Waiting[] = [
      ...(await waitingChats(trx, room)).map((row) => ({ kind: 'chat' as const, ...row })),
      ...(await waitingTickets(trx, room)).map((row) => ({ kind: 'ticket' as const, ...row })),
    ].sort(byUrgencyThenAge);

    // Turns given in this pass come after every stored one, in order.
    let nextTurn = Math.max(Date.now() * 1000, ...candidates.map((candidate) => candidate.turn)) + 1;
    const chatGrants: { id: string; assignee: { id: string; name: string } }[] = [];
    const ticketGrants: typeof chatGrants = [];
    for (const item of waiting) {
      const assignee = pick(candidates, settings.capacity);
      if (!assignee) break;
      const grant = { id: item.id, assignee: { id: assignee.id, name: assignee.name } };
      (item.kind === 'chat' ? chatGrants : ticketGrants).push(grant);
      assignee.load += 1;
      assignee.turn = nextTurn++;
      assigned.push({ kind: item.kind, id: item.id, assigneeId: assignee.id });
    }
    // Written a batch at a time: the pass holds the one lock, so it is kept short.
    await assignChatsAutomatically(trx, chatGrants);
    await assignTicketsAutomatically(trx, ticketGrants);
    const turned = candidates.filter((candidate) => assigned.some((item) => item.assigneeId === candidate.id));
    if (turned.length > 0) {
      await trx.raw(
        `insert into assignment_turns (user_id, last_assigned_at)
         select u, timestamptz 'epoch' + m * interval '1 microsecond' from unnest(?::uuid[], ?::bigint[]) as x(u, m)
         on conflict (user_id) do update set last_assigned_at = excluded.last_assigned_at`,
        [turned.map((candidate) => candidate.id), turned.map((candidate) => String(candidate.turn))],
      );
    }
    return { assigned, returned };
  });
}

/**
 * One instance's assigner: a pass whenever something may have changed — a
 * new chat or ticket, one closed or unassigned, someone came online or went
 * offline, the setting changed (the live events server.ts hands it) — and
 * every `sweepMs` for the offline grace. Passes never overlap here; a poke
 * during a pass runs one more after it.
 */
export class Assigner {
  private dirty = false;
  /** Whether the next pass also returns the chats of staff offline past the grace. */
  private sweepDue = true;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly options: { sweepMs?: number; onPass?: (result: PassResult) => void } = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poke({ sweep: true }), this.options.sweepMs ?? 30_000);
    this.timer.unref();
    this.poke({ sweep: true });
  }

  /** Something changed: a pass soon. `sweep`: someone's presence changed or time passed (the offline grace too). */
  poke({ sweep = false } = {}): void {
    if (this.stopped) return;
    if (sweep) this.sweepDue = true;
    this.dirty = true;
    if (this.running) return;
    this.running = (async () => {
      while (this.dirty && !this.stopped) {
        this.dirty = false;
        const returnOffline = this.sweepDue;
        this.sweepDue = false;
        try {
          const result = await assignmentPass(this.db, { returnOffline });
          if (result.assigned.length > 0 || result.returned > 0) {
            this.logger.debug({ assigned: result.assigned.length, returned: result.returned }, 'automatic assignment');
          }
          this.options.onPass?.(result);
        } catch (err) {
          if (returnOffline) this.sweepDue = true;
          this.logger.warn({ err }, 'automatic assignment failed');
        }
      }
      this.running = null;
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
