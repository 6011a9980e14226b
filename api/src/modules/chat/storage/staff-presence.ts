import type { Knex } from 'knex';
import type { Logger } from '../../../logger';
import { publish } from '../../../live/publish';
import { CoalescedWrite } from './coalesced-write';
import { PRESENCE_HEARTBEAT_MS } from './presence';

/**
 * Which staff member has a console open, across every API instance (issue 26,
 * decision 187). A console is a staff socket that asked for staff events (the
 * console shell opens one on every screen, the desktop app keeps one). Each
 * instance keeps one `staff_presence` row per staff member it serves, with
 * their number of consoles, refreshed on the presence heartbeat; a row whose
 * heartbeat is older than STAFF_PRESENCE_STALE_MS (an instance that died) no
 * longer counts. When someone's last console here closes, the row stays with
 * 0 and the moment: the automatic assignment's offline grace counts from it.
 */
export const STAFF_PRESENCE_STALE_MS = 3 * PRESENCE_HEARTBEAT_MS;

/** A staff member's presence: online now, or since when they were last seen (null: never). */
export interface StaffPresenceState {
  userId: string;
  online: boolean;
  lastSeenAt: Date | null;
}

/** SQL: whether `alias.id` (a user) has a console open on some live instance. */
export const staffOnlineSql = (alias: string) =>
  `exists (select 1 from staff_presence p where p.user_id = ${alias}.id and p.consoles > 0
     and p.seen_at > now() - interval '${STAFF_PRESENCE_STALE_MS} milliseconds')`;

/** SQL: when `alias.id` was last seen with a console open (null: never). */
export const staffLastSeenSql = (alias: string) =>
  `(select max(p.seen_at) from staff_presence p where p.user_id = ${alias}.id)`;

/** The presence of the given staff members (all who ever had a row when `userIds` is omitted). */
export async function staffPresenceOf(db: Knex | Knex.Transaction, userIds?: string[]): Promise<StaffPresenceState[]> {
  const result = await db.raw<{ rows: StaffPresenceState[] }>(
    `select u.id as "userId", ${staffOnlineSql('u')} as online, ${staffLastSeenSql('u')} as "lastSeenAt"
     from users u where u.id in (select user_id from staff_presence)${userIds ? ' and u.id = any(?::uuid[])' : ''}`,
    userIds ? [userIds] : [],
  );
  return result.rows;
}

/** Maintenance: rows nobody has refreshed for two days (the longest offline grace is one). */
export async function deleteOldStaffPresence(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    "delete from staff_presence where seen_at < now() - interval '2 days'",
  );
  return result.rowCount;
}

/**
 * One instance's side: writes who has how many consoles here when it changes
 * (writes never overlap; the last state wins), refreshes the rows on the
 * heartbeat, and tells every instance when someone came online or went
 * offline here (the chat channel's `presence` event: assigners look again).
 */
export class StaffMemberPresence {
  /** What the table says for this instance: consoles per staff member (only those with some). */
  private written = new Map<string, number>();
  private readonly writes = new CoalescedWrite(
    () => this.write(),
    (err) => this.logger.warn({ err }, 'could not record staff presence'),
  );

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly instanceId: string,
    /** This instance's consoles right now, per staff member. */
    private readonly consoles: () => ReadonlyMap<string, number>,
  ) {}

  report(): void {
    this.writes.request();
  }

  private async write(): Promise<void> {
    const now = new Map(this.consoles());
    const before = this.written;
    const gone = [...before.keys()].filter((userId) => !now.has(userId));
    const changed = [...now].filter(([userId, count]) => before.get(userId) !== count);
    if (gone.length === 0 && changed.length === 0) return;
    const cameOrWent = gone.length > 0 || changed.some(([userId]) => !before.has(userId));
    await this.db.transaction(async (trx) => {
      if (changed.length > 0) {
        await trx.raw(
          `insert into staff_presence (user_id, instance_id, consoles, seen_at)
           select u, ?, c, now() from unnest(?::uuid[], ?::int[]) as x(u, c)
           where exists (select 1 from users where id = u)
           on conflict (user_id, instance_id) do update set consoles = excluded.consoles, seen_at = now()`,
          [this.instanceId, changed.map(([userId]) => userId), changed.map(([, count]) => count)],
        );
      }
      if (gone.length > 0) {
        await trx('staff_presence')
          .where({ instanceId: this.instanceId })
          .whereIn('userId', gone)
          .update({ consoles: 0, seenAt: trx.fn.now() });
      }
      if (cameOrWent) await publish(trx, 'chat', { kind: 'presence' });
    });
    this.written = now;
  }

  /** Keeps this instance's rows fresh (a console open for hours stays online). */
  async heartbeat(): Promise<void> {
    if (this.written.size === 0) return;
    try {
      await this.db('staff_presence')
        .where({ instanceId: this.instanceId })
        .where('consoles', '>', 0)
        .update({ seenAt: this.db.fn.now() });
    } catch (err) {
      this.logger.warn({ err }, 'could not refresh staff presence');
    }
  }

  /** On shutdown: nobody's consoles here count any more (from now: the grace starts). */
  async withdraw(): Promise<void> {
    await this.writes.idle();
    try {
      await this.db.transaction(async (trx) => {
        const count = await trx('staff_presence')
          .where({ instanceId: this.instanceId })
          .where('consoles', '>', 0)
          .update({ consoles: 0, seenAt: trx.fn.now() });
        if (count > 0) await publish(trx, 'chat', { kind: 'presence' });
      });
      this.written = new Map();
    } catch (err) {
      this.logger.warn({ err }, 'could not withdraw staff presence');
    }
  }
}
