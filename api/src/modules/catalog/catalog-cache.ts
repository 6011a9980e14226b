import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Knex } from 'knex';
import { listProducts } from './catalog.service';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface SerializedCatalog {
  body: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

async function serialize(db: Knex): Promise<SerializedCatalog> {
  const body = Buffer.from(JSON.stringify(await listProducts(db)));
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { body, brotli: br, gzip: gz, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * GET /api/products is the shop's hottest call and the catalogue changes only
 * when it is seeded: the answer is serialized and compressed once, kept for a
 * few seconds, and concurrent misses share one query. Seeding on this
 * instance clears it at once; other instances catch up within `ttlMs`.
 */
function createCatalogCache(db: Knex, ttlMs = 5_000) {
  let cached: { value: SerializedCatalog; expires: number } | null = null;
  let loading: Promise<SerializedCatalog> | null = null;
  let generation = 0;

  const load = async (): Promise<SerializedCatalog> => {
    const started = generation;
    const value = await serialize(db);
    if (started === generation) cached = { value, expires: Date.now() + ttlMs };
    return value;
  };

  return {
    get(): Promise<SerializedCatalog> {
      if (cached && cached.expires > Date.now()) return Promise.resolve(cached.value);
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    invalidate(): void {
      generation += 1;
      cached = null;
      loading = null;
    },
  };
}

type CatalogCache = ReturnType<typeof createCatalogCache>;

const caches = new WeakMap<Knex, CatalogCache>();

/** One cache per database connection (one per app), shared by the endpoint and the seeding route. */
export function catalogCacheFor(db: Knex): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCatalogCache(db);
    caches.set(db, cache);
  }
  return cache;
}
