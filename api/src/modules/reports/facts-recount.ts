import type { Knex } from 'knex';
import type { Logger } from '../../logger';

/**
 * Counting the items' report facts again after the business hours changed (decision 210), in the background: small
 * batches, each its own short transaction, so a PUT of the business hours answers at once and no item stays locked
 * for longer than one batch. The stamp on each item (`report_facts_key`) is the job's only state — an item whose
 * stamp is not the current layout's is still to do — so the work resumes wherever it stopped, on any instance, after
 * a restart. Two instances working at once take different rows (`for update skip locked`), and a batch holds the
 * layout's advisory lock shared, so the layout cannot change under it (a new layout takes it exclusively).
 * Until an item is stamped, the reports count it live (support-report.ts): never a figure from stale facts.
 */

/** The layout's lock (pg_advisory_xact_lock key: "report facts"): a new layout takes it exclusively, a batch shared. */
export const REPORT_FACTS_LOCK_KEY = 207_027;

export const ITEM_TABLES = [
  ['tickets', 'resolved_at'],
  ['chat_conversations', 'closed_at'],
] as const;

export type ItemTable = (typeof ITEM_TABLES)[number][0];

export const RECOUNT_BATCH_SIZE = 500;

export interface RecountBatch {
  /** Rows written (counted in the current layout, or found outside it and left unstamped). */
  written: number;
  /** The ids stamped with the current layout. */
  stamped: string[];
  /** The greatest id written: the next batch of this pass starts after it. */
  last: string | null;
}

/**
 * One batch: up to `limit` items of `table` after `after` (by id) without the current layout's stamp, skipping
 * those another transaction holds, counted in one short transaction.
 */
export async function recountBatch(
  db: Knex,
  table: ItemTable,
  after: string | null,
  limit = RECOUNT_BATCH_SIZE,
): Promise<RecountBatch> {
  const resolved = ITEM_TABLES.find(([name]) => name === table)![1];
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock_shared(?)', [REPORT_FACTS_LOCK_KEY]);
    const { rows: clock } = await trx.raw<{ rows: { hours_key: string }[] }>(
      'select hours_key from report_business_clock',
    );
    const key = clock[0]?.hours_key;
    if (!key) return { written: 0, stamped: [], last: null };
    const { rows } = await trx.raw<{ rows: { id: string; stamped: boolean }[] }>(
      `update ${table}
          set (report_first_response_minutes, report_first_response_business_minutes, report_resolution_minutes,
               report_resolution_business_minutes, report_facts_key)
            = (select f.* from report_item_facts(created_at, first_response_at, ${resolved}) as f)
        where id in (select id from ${table}
                      where report_facts_key is distinct from :key ${after ? 'and id > :after' : ''}
                      order by id limit :limit
                      for update skip locked)
       returning id::text as id, coalesce(report_facts_key = :key, false) as stamped`,
      { key, after, limit },
    );
    const ids = rows.map((row) => row.id).sort();
    return {
      written: rows.length,
      stamped: rows.filter((row) => row.stamped).map((row) => row.id),
      last: ids.length > 0 ? ids[ids.length - 1]! : null,
    };
  });
}

/**
 * Passes over both tables, batch after batch, until a whole pass stamps nothing: then every item that can be counted
 * in the current layout carries its stamp (a pass can skip rows another writer held; the next pass finds them). An
 * item outside the layout is written once per pass and stays unstamped; the pass ends all the same. Returns how many
 * items it stamped. `shouldStop` is asked between batches.
 */
export async function drainReportFacts(
  db: Knex,
  options: { batchSize?: number; shouldStop?: () => boolean; onBatch?: (stamped: string[]) => void } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    let stampedThisPass = 0;
    for (const [table] of ITEM_TABLES) {
      let after: string | null = null;
      for (;;) {
        if (options.shouldStop?.()) return total;
        const batch = await recountBatch(db, table, after, options.batchSize);
        options.onBatch?.(batch.stamped);
        stampedThisPass += batch.stamped.length;
        if (batch.last === null) break;
        after = batch.last;
        // Between batches, the requests waiting on this process go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    total += stampedThisPass;
    if (stampedThisPass === 0) return total;
  }
}

export interface ReportFactsRecount {
  /** Starts a drain, or has the running one pass again once it ends (something new may be stale). */
  kick(): void;
  /** Resolves when no drain runs or is asked for. */
  settled(): Promise<void>;
  /** Lets the current batch finish and starts none after it. */
  stop(): Promise<void>;
}

const recounts = new WeakMap<Knex, ReportFactsRecount>();

/** The one recount of a database pool: the business hours PUT, the reports and the server's start share it. */
export function reportFactsRecount(db: Knex, logger?: Logger): ReportFactsRecount {
  const existing = recounts.get(db);
  if (existing) return existing;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      try {
        const stamped = await drainReportFacts(db, { shouldStop: () => stopped });
        if (stamped > 0) logger?.info({ stamped }, 'report facts counted in the current business hours');
      } catch (err) {
        // The stamps are the state: whatever was not counted is counted by the next kick (a report, a restart).
        if (!stopped) logger?.warn({ err }, 'counting report facts failed');
      }
    } while (again && !stopped);
    running = null;
  };
  const recount: ReportFactsRecount = {
    kick() {
      if (stopped) return;
      if (running) again = true;
      else running = run();
    },
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
  recounts.set(db, recount);
  return recount;
}
