import type { Knex } from 'knex';
import type { Logger } from '../../../logger';
import { publish } from '../../../live/publish';
import { CoalescedWrite } from './coalesced-write';

/**
 * "Is any staff member connected?" across every API instance. Each instance
 * keeps one row with its number of staff consoles and refreshes it on a
 * heartbeat; rows whose heartbeat is older than PRESENCE_STALE_MS (an instance
 * that died) no longer count.
 */
export const PRESENCE_HEARTBEAT_MS = 15_000;
const PRESENCE_STALE_MS = 3 * PRESENCE_HEARTBEAT_MS;

export async function reportStaffConnections(db: Knex, instanceId: string, count: number): Promise<void> {
  await db.raw(
    `insert into chat_presence (instance_id, staff_connections, heartbeat_at) values (?, ?, now())
     on conflict (instance_id) do update set staff_connections = excluded.staff_connections, heartbeat_at = now()`,
    [instanceId, count],
  );
}

async function removeInstancePresence(db: Knex, instanceId: string): Promise<void> {
  await db.raw('delete from chat_presence where instance_id = ?', [instanceId]);
}

export async function isStaffOnline(db: Knex): Promise<boolean> {
  const result = await db.raw<{ rows: { online: boolean }[] }>(
    `select coalesce(sum(staff_connections), 0) > 0 as online from chat_presence
     where heartbeat_at > now() - (? * interval '1 millisecond')`,
    [PRESENCE_STALE_MS],
  );
  return result.rows[0]?.online ?? false;
}

/** Maintenance: rows of instances that stopped without saying goodbye. */
export async function deleteStalePresence(db: Knex): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    "delete from chat_presence where heartbeat_at < now() - interval '1 hour'",
  );
  return result.rowCount;
}

/**
 * One instance's side of presence: writes its number of staff consoles when
 * it changes (then tells every instance to recount), refreshes it on a
 * heartbeat, and announces the overall answer to visitors when it changes.
 */
export class StaffPresence {
  private online = false;
  private readonly writes = new CoalescedWrite(
    () => this.write(),
    (err) => this.logger.warn({ err }, 'could not record chat staff presence'),
  );

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly instanceId: string,
    /** This instance's staff consoles right now. */
    private readonly consoles: () => number,
    /** Called when "staff online" changes. */
    private readonly announce: (online: boolean) => void,
  ) {}

  get isOnline(): boolean {
    return this.online;
  }

  /** This instance's count changed: write it (writes never overlap; the last count wins). */
  report(): void {
    this.writes.request();
  }

  private async write(): Promise<void> {
    const count = this.consoles();
    if (count > 0) await reportStaffConnections(this.db, this.instanceId, count);
    else await removeInstancePresence(this.db, this.instanceId);
    await publish(this.db, 'chat', { kind: 'presence' });
  }

  /** Re-reads "is any staff console connected anywhere", announcing a change. */
  async refresh(): Promise<void> {
    let online: boolean;
    try {
      online = await isStaffOnline(this.db);
    } catch (err) {
      this.logger.warn({ err }, 'could not read chat staff presence');
      return;
    }
    if (online === this.online) return;
    this.online = online;
    this.announce(online);
  }

  /** Keeps this instance's row fresh, and notices instances that died. */
  async heartbeat(): Promise<void> {
    const count = this.consoles();
    if (count > 0) {
      try {
        await reportStaffConnections(this.db, this.instanceId, count);
      } catch (err) {
        this.logger.warn({ err }, 'could not refresh chat staff presence');
      }
    }
    await this.refresh();
  }

  /** On shutdown: this instance's consoles no longer count. */
  async withdraw(): Promise<void> {
    await this.writes.idle();
    try {
      await removeInstancePresence(this.db, this.instanceId);
      await publish(this.db, 'chat', { kind: 'presence' });
    } catch (err) {
      this.logger.warn({ err }, 'could not withdraw chat staff presence');
    }
  }
}
