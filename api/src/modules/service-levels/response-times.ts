import type { Knex } from 'knex';
import { PUBLIC_RESPONSE_PRIORITY, type PlanResponseTimes } from '@shared/response-times';
import { createSnapshotCache, type SnapshotCache } from '../../snapshot-cache';
import { readServiceLevels } from './service-levels-setting';

/**
 * What each plan promises the public (decision 203): for every subscription plan, the first-response target of a
 * normal-priority request — the plan's own policy when the setting has one, else the default ("a plan without an
 * entry uses the default"). Public and the same for everyone: GET /api/service-levels/response-times, and /pricing
 * is rendered with it (api/src/modules/site/public-data.ts).
 */
export async function planResponseTimes(db: Knex): Promise<PlanResponseTimes> {
  const levels = await readServiceLevels(db);
  const plans = (await db('subscription_plans').select('id').orderBy('id')) as { id: string }[];
  return {
    priority: PUBLIC_RESPONSE_PRIORITY,
    plans: Object.fromEntries(
      plans.map((plan) => [
        plan.id,
        {
          firstResponseMinutes: (levels.plans[plan.id] ?? levels.default)[PUBLIC_RESPONSE_PRIORITY]
            .firstResponseMinutes,
        },
      ]),
    ),
  };
}

const caches = new WeakMap<Knex, SnapshotCache<PlanResponseTimes>>();

/**
 * The answer kept like the plans' (at most one read per 5 seconds per instance). Saving the service levels
 * invalidates it on the instance that saved them, so that instance's next /pricing is rendered with the new
 * figures; other instances follow within the cache period.
 */
export function responseTimesCacheFor(db: Knex): SnapshotCache<PlanResponseTimes> {
  let cache = caches.get(db);
  if (!cache) {
    cache = createSnapshotCache(() => planResponseTimes(db));
    caches.set(db, cache);
  }
  return cache;
}
