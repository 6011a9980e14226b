import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A public answer, serialized and compressed once, with the ETag of its JSON. */
export interface Snapshot<T> {
  data: T;
  body: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

async function serialize<T>(data: T): Promise<Snapshot<T>> {
  const body = Buffer.from(JSON.stringify(data));
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { data, body, brotli: br, gzip: gz, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export interface SnapshotCache<T> {
  get(): Promise<Snapshot<T>>;
  /** Forget the snapshot now: the next `get` reads the database again. */
  invalidate(): void;
}

/**
 * Data that is the same for every visitor (the catalogue, the plans), read
 * from the database at most once per `ttlMs` per instance; concurrent misses
 * share one read. `invalidate` drops it at once, and what is derived from it
 * (the JSON answer, the pages rendered from it, keyed by its ETag) follows.
 */
export function createSnapshotCache<T>(load: () => Promise<T>, ttlMs = 5_000): SnapshotCache<T> {
  let cached: { value: Snapshot<T>; expires: number } | null = null;
  let loading: Promise<Snapshot<T>> | null = null;
  let generation = 0;

  const refresh = async (): Promise<Snapshot<T>> => {
    const started = generation;
    const value = await serialize(await load());
    if (started === generation) cached = { value, expires: Date.now() + ttlMs };
    return value;
  };

  return {
    get() {
      if (cached && cached.expires > Date.now()) return Promise.resolve(cached.value);
      loading ??= refresh().finally(() => {
        loading = null;
      });
      return loading;
    },
    invalidate() {
      generation += 1;
      cached = null;
      loading = null;
    },
  };
}
