import type { Knex } from 'knex';
import type { Product } from '@shared/schemas/catalog';
import { createSnapshotCache, type SnapshotCache } from '../../snapshot-cache';
import { listProducts } from './catalog.service';

export type CatalogCache = SnapshotCache<Product[]>;

/**
 * The catalogue as GET /api/products answers it: the shop's hottest call, and
 * the catalogue changes only when it is seeded (or edited by staff). It is
 * serialized and compressed once and kept for a few seconds per instance.
 * Seeding on this instance invalidates it at once; other instances catch up
 * within `ttlMs`. The /shop page rendered from it is keyed by its ETag
 * (api/src/modules/site/live-pages.ts), so invalidating it refreshes both.
 */
function createCatalogCache(db: Knex, ttlMs = 5_000): CatalogCache {
  return createSnapshotCache(() => listProducts(db), ttlMs);
}

const caches = new WeakMap<Knex, CatalogCache>();

/** One cache per database connection (one per app), shared by the endpoint, the seeding route and /shop. */
export function catalogCacheFor(db: Knex): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCatalogCache(db);
    caches.set(db, cache);
  }
  return cache;
}
