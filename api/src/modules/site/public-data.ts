import type { Knex } from 'knex';
import type { PublicDataPath } from '@shared/site/routes';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { createSnapshotCache, type SnapshotCache } from '../../snapshot-cache';
import { catalogCacheFor } from '../catalog/catalog-cache';
import { responseTimesCacheFor } from '../service-levels/response-times';
import { listActivePlans, toSubscriptionPlan } from '../subscriptions/subscriptions.service';

export type PublicDataSources = Record<PublicDataPath, SnapshotCache<unknown>>;

const plansCaches = new WeakMap<Knex, SnapshotCache<SubscriptionPlan[]>>();

/** The active plans as GET /api/subscription-plans answers them, kept like the catalogue. */
export function plansCacheFor(db: Knex): SnapshotCache<SubscriptionPlan[]> {
  let cache = plansCaches.get(db);
  if (!cache) {
    cache = createSnapshotCache(async () => (await listActivePlans(db)).map(toSubscriptionPlan));
    plansCaches.set(db, cache);
  }
  return cache;
}

/**
 * Where the answers that pages are rendered from come from: the same caches
 * the API's own endpoints use, so a page and `GET /api/products` never
 * disagree for longer than one cache period, and invalidating a cache
 * (`catalogCacheFor(db).invalidate()`, `plansCacheFor(db).invalidate()`, `responseTimesCacheFor(db).invalidate()`)
 * is all it takes to refresh the pages rendered from it.
 */
export function publicDataFor(db: Knex): PublicDataSources {
  return {
    '/api/products': catalogCacheFor(db),
    '/api/subscription-plans': plansCacheFor(db),
    // Each plan's first response (/pricing's cards; decision 203), invalidated when the service levels are saved.
    '/api/service-levels/response-times': responseTimesCacheFor(db),
  };
}
