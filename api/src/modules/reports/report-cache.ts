import type { Knex } from 'knex';

/**
 * Reports answered again from memory while nothing they read has changed (issue 27, decision 214).
 *
 * Before computing a report, its topic's fingerprint is read: the count of committed changes to every table the
 * report reads (migration `20261127160000_add-report-changes`). A report computed after reading fingerprint F
 * holds every change counted in F (and perhaps later ones); a later request that reads F again has seen no change
 * commit since, so the figures computed then are exactly the figures now. Any change makes the next request compute
 * afresh. Identical requests with the same fingerprint share one computation. Per instance, in memory, bounded.
 */

export type ReportTopic = 'support' | 'sales';

interface Entry {
  fingerprint: string;
  computed: Promise<Computed<unknown>>;
}

/** Changes counted past which a reader folds them into the epoch's total (one statement, the sum unchanged). */
const FOLD_ABOVE = 2_000;
const MAX_ENTRIES = 64;

/** The topic's fingerprint, or null when its epoch row is gone (then made again, with a new epoch). */
export async function reportFingerprint(db: Knex, topic: ReportTopic): Promise<string | null> {
  const { rows } = await db.raw<{ rows: { epoch: string; folded: string; live: string }[] }>(
    `select e.epoch, e.folded, (select count(*) from report_changes c where c.topic = e.topic) as live
       from report_change_epochs e where e.topic = ?`,
    [topic],
  );
  const row = rows[0];
  if (!row) {
    await db.raw('insert into report_change_epochs (topic) values (?) on conflict do nothing', [topic]);
    return null;
  }
  if (Number(row.live) > FOLD_ABOVE) await foldReportChanges(db, topic);
  return `${row.epoch}:${BigInt(row.folded) + BigInt(row.live)}`;
}

/**
 * Moves a topic's counted changes into its epoch's total: the rows this statement sees are deleted and added to
 * `folded` in the same statement, so every fingerprint reads the same sum before and after. Returns the rows folded.
 */
export async function foldReportChanges(db: Knex, topic: ReportTopic): Promise<number> {
  const { rows } = await db.raw<{ rows: { folded: number }[] }>(
    `with gone as (delete from report_changes where topic = ? returning 1),
          counted as (select count(*)::int as folded from gone)
     update report_change_epochs e set folded = e.folded + counted.folded from counted
      where e.topic = ? returning counted.folded`,
    [topic, topic],
  );
  return rows[0]?.folded ?? 0;
}

/** Both topics folded: the maintenance task, so the change rows stay few when nobody opens a report. */
export async function foldAllReportChanges(db: Knex): Promise<number> {
  return (await foldReportChanges(db, 'support')) + (await foldReportChanges(db, 'sales'));
}

/** A computed report, and whether it may be answered again (not when it was counted live from stale facts). */
export interface Computed<T> {
  value: T;
  keep: boolean;
}

export interface ReportCache {
  /** The report for `key` under `topic`: remembered when nothing it reads changed since, else `compute()`. */
  get<T>(topic: ReportTopic, key: string, compute: () => Promise<Computed<T>>): Promise<T>;
}

export function reportCache(db: Knex, maxEntries = MAX_ENTRIES): ReportCache {
  const entries = new Map<string, Entry>();
  return {
    async get<T>(topic: ReportTopic, key: string, compute: () => Promise<Computed<T>>): Promise<T> {
      const fingerprint = await reportFingerprint(db, topic);
      if (fingerprint === null) return (await compute()).value;
      const id = `${topic}\n${key}`;
      const held = entries.get(id);
      if (held && held.fingerprint === fingerprint) {
        // Most recently used last: the oldest entry is the first to go.
        entries.delete(id);
        entries.set(id, held);
        return ((await held.computed) as Computed<T>).value;
      }
      const entry: Entry = { fingerprint, computed: compute() };
      entries.delete(id);
      entries.set(id, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // Shared while in flight; then kept only when it may be (a failure never is).
      const forget = () => {
        if (entries.get(id) === entry) entries.delete(id);
      };
      entry.computed.then((computed) => {
        if (!computed.keep) forget();
      }, forget);
      return ((await entry.computed) as Computed<T>).value;
    },
  };
}
