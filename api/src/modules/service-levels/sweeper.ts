import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { ANNOUNCE_BATCH, announceDue, nextDueInstant } from './announcements';
import { initializeClocks } from './initialize';

export interface ServiceLevelSweeper {
  /** Something may have moved a clock (a staff event, on any instance): look again when the next instant is. */
  poke(): void;
  /** Looks now (tests, start-up). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every instance runs one (decision 192): a sweep every `intervalMs` (a
 * safety net, and the clocks of items made before this feature), and a
 * precise timer set to the earliest instant an item goes at risk or breaches,
 * re-armed after each sweep and whenever a staff event says something changed.
 * Instants are announced by the conditional UPDATE in announcements.ts, so
 * instances sweeping at once, or one restarted mid-way, announce each once.
 */
export function startServiceLevelSweeper(
  db: Knex,
  logger: Logger,
  options: { intervalMs?: number } = {},
): ServiceLevelSweeper {
  const intervalMs = options.intervalMs ?? 30_000;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Sets the timer; `sooner` only brings an armed timer forward (a burst of pokes never postpones a look). */
  const arm = (delay: number, sooner = false) => {
    if (stopped) return;
    const wait = Math.max(0, Math.min(delay, intervalMs));
    if (sooner && timer && timerAt <= Date.now() + wait) return;
    if (timer) clearTimeout(timer);
    timerAt = Date.now() + wait;
    timer = setTimeout(tick, wait);
    timer.unref();
  };

  const sweep = async () => {
    await initializeClocks(db);
    for (;;) {
      const announced = await db.transaction((trx) => announceDue(trx, Date.now()));
      if (announced.length > 0) logger.info({ count: announced.length }, 'service levels announced');
      // Fewer than a full batch of each statement: nothing else is due now.
      if (announced.length < ANNOUNCE_BATCH) break;
    }
    const next = await nextDueInstant(db);
    // A few milliseconds late rather than early: the UPDATE compares with the clock when it runs.
    arm(next === null ? intervalMs : next - Date.now() + 5);
  };

  function tick() {
    timer = null;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sweep()
      .catch((err: unknown) => {
        logger.warn({ err }, 'service-level sweep failed');
        arm(intervalMs);
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  }

  arm(0);
  return {
    poke: () => arm(50, true),
    runOnce: async () => {
      await running;
      await sweep();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
