import { execSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../api/src/db/embedded-postgres';
import { createLogger } from '../api/src/logger';
import { freePort } from '../api/src/test/global-setup';
import { parseEnv } from '../api/src/config';

interface BenchResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export const DURATION = Number(process.env.BENCH_DURATION ?? 8);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The production build of the current sources: built when they changed since the last build, else kept. */
export function ensureBuild(): void {
  execSync('node --import tsx scripts/build.ts web api', { stdio: 'inherit' });
}

/** DATABASE_URL when set, else an embedded PostgreSQL in a temporary directory. */
export async function benchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const env = parseEnv(process.env);
  if (env.databaseUrl) return { url: env.databaseUrl, stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-bench-'));
  const embedded = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    logger: createLogger('silent'),
  });
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The production build (`node dist/api/main.js`, NODE_ENV=production) on its own port. */
export async function startProductionServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/api/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijkl',
      LOG_LEVEL: 'info',
      // BENCH_SERVER_NODE_OPTIONS: Node options for the servers alone (a profiler or an event-loop monitor).
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...extraEnv,
    },
    // Request logs go where a deployment would send them; here, nowhere.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(`${url}/healthz`, child);
  return { url, child, stop: () => stopChild(child) };
}

export async function startHelloServer(sameAs?: {
  url: string;
  headers?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port) };
  if (sameAs) env.BENCH_SAME_AS = await recordAnswer(sameAs.url, sameAs.headers ?? {});
  const child = fork(path.resolve('bench/hello-server.mjs'), { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, child);
  return { url, child, stop: () => stopChild(child) };
}

/** Headers node:http writes itself (or that describe the connection, not the answer). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * One answer of ours, as bytes: its status must be 200; its headers (but those
 * of the connection) and its body exactly as sent, written to a file the
 * baseline server serves (bench/hello-server.mjs). Returns the file's path.
 */
async function recordAnswer(url: string, headers: Record<string, string>): Promise<string> {
  const answer = await new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        const kept: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!CONNECTION_HEADERS.has(name.toLowerCase())) kept[name] = res.rawHeaders[i + 1]!;
        }
        resolve({ headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-bench-same-'));
  const file = path.join(dir, 'answer.json');
  await writeFile(file, JSON.stringify({ headers: answer.headers, body: answer.body.toString('base64') }));
  return file;
}

async function run(name: string, options: autocannon.Options & { expectStatus?: number }): Promise<BenchResult> {
  const { expectStatus, ...rest } = options;
  // Warm up (JIT, connection pools) before measuring.
  await autocannon({ ...rest, duration: 2 });
  const result = await autocannon({ ...rest, duration: DURATION });
  const wrongStatus = expectStatus
    ? result.requests.total -
      ((result.statusCodeStats as Record<string, { count: number }>)[String(expectStatus)]?.count ?? 0)
    : result.non2xx;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: wrongStatus,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Target {
  name: string;
  options: autocannon.Options & { expectStatus?: number };
}

/**
 * Runs the baseline and every target once per round, interleaved, and
 * reports medians: this machine's speed drifts between runs, so a target is
 * always compared with the baseline measured next to it.
 */
export interface CompareRow {
  target: string;
  'req/s': number;
  'p99 ms': number;
  'vs node:http': string;
  errors: number;
  'unexpected status': number;
}

export async function compare(baseline: Target, targets: Target[]): Promise<CompareRow[]> {
  const all = [baseline, ...targets];
  const results = new Map<string, BenchResult[]>(all.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    process.stdout.write(`round ${round}/${ROUNDS}…\n`);
    for (const target of all) results.get(target.name)!.push(await run(target.name, target.options));
  }
  const base = results.get(baseline.name)!;
  const rows = all.map((target): CompareRow => {
    const runs = results.get(target.name)!;
    return {
      target: target.name,
      'req/s': Math.round(median(runs.map((r) => r.requestsPerSecond))),
      'p99 ms': median(runs.map((r) => r.p99)),
      'vs node:http': median(runs.map((r, i) => r.requestsPerSecond / base[i]!.requestsPerSecond)).toFixed(2),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      'unexpected status': runs.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
  console.table(rows);
  return rows;
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
