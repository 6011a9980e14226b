import type { Knex } from 'knex';
import type { Logger } from './logger';
import { deleteExpiredAccountTokens } from './modules/auth/account-tokens';
import { deleteOldKnownAddresses } from './modules/auth/login-throttle';
import { deleteExpiredSessions } from './modules/auth/session-store';
import { deleteExpiredRateLimits } from './middleware/rate-limit';
import { expireStaleOrders } from './modules/orders/order-payments';
import { deleteOldWebhookEvents } from './modules/payments/stripe-webhook';
import { deleteStalePresence } from './modules/chat/storage/presence';
import { deleteOldStaffPresence } from './modules/chat/storage/staff-presence';
import { advanceDemoSubscriptions } from './modules/subscriptions/demo-subscription-payments';
import type { Config } from './config';
import { convertAcceptedQuotes } from './modules/quotes/quote-deposits';
import { expireQuotes, remindExpiringQuotes } from './modules/quotes/quote-expiry';
import { foldAllReportChanges } from './modules/reports/report-cache';

interface MaintenanceTask {
  name: string;
  run(db: Knex, logger: Logger): Promise<number>;
}

export const maintenanceTasks: MaintenanceTask[] = [
  { name: 'expired sessions', run: deleteExpiredSessions },
  { name: 'expired account tokens', run: deleteExpiredAccountTokens },
  { name: 'expired rate limits', run: deleteExpiredRateLimits },
  { name: 'login addresses unused for 90 days', run: deleteOldKnownAddresses },
  { name: 'orders pending for 24 hours', run: expireStaleOrders },
  { name: 'old Stripe webhook events', run: deleteOldWebhookEvents },
  { name: 'stale chat presence', run: deleteStalePresence },
  { name: 'old staff presence', run: deleteOldStaffPresence },
  { name: 'demo subscription renewals', run: (db, logger) => advanceDemoSubscriptions(db, logger) },
  { name: 'quotes past their validity', run: expireQuotes },
  { name: 'accepted quotes not yet converted', run: convertAcceptedQuotes },
  // The reports' count of changes (decision 214): kept to a few rows when nobody opens a report.
  { name: 'report changes folded', run: (db) => foldAllReportChanges(db) },
];

/** Tasks that need the configuration: the quote reminder's link is derived from the session secret (178). */
export function configuredMaintenanceTasks(config: Pick<Config, 'sessionSecret' | 'publicUrl'>): MaintenanceTask[] {
  const links = { secret: config.sessionSecret, publicUrl: config.publicUrl };
  return [{ name: 'quote expiry reminders', run: (db) => remindExpiringQuotes(db, links) }];
}

/**
 * Periodic clean-up. Every instance runs it; each task is an idempotent
 * DELETE/UPDATE, so instances running it at once do no harm.
 */
export function startMaintenance(
  db: Knex,
  logger: Logger,
  options: { intervalMs?: number; tasks?: MaintenanceTask[] } = {},
): { runOnce(): Promise<void>; stop(): void } {
  const tasks = options.tasks ?? maintenanceTasks;
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    for (const task of tasks) {
      try {
        const count = await task.run(db, logger);
        if (count > 0) logger.info({ task: task.name, count }, 'maintenance');
      } catch (err) {
        logger.warn({ err, task: task.name }, 'maintenance task failed');
      }
    }
  };
  const timer = setInterval(
    () => {
      running ??= runOnce().finally(() => {
        running = null;
      });
    },
    options.intervalMs ?? 10 * 60 * 1000,
  );
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
