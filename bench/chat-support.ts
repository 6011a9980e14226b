import { spawnSync, execFileSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import knex from 'knex';
import WebSocket from 'ws';
import { knexConfig } from '../knexfile';
import { initializeClocks } from '../api/src/modules/service-levels/initialize';
import { hashPassword } from '../api/src/modules/users/password';
import { databaseUrl, withAdminClient } from '../api/src/test/postgres-admin';
import { parseEnv } from '../api/src/config';
import { benchDatabase } from './support';

export const BENCH_SESSION_SECRET = 'chat-bench-session-secret-0123456789-abcdefgh';

/**
 * Every socket is a file descriptor in this process and in the server. When
 * the soft limit is too low, run this script again under a raised one
 * (children inherit it); fail with instructions when the hard limit forbids.
 */
export function ensureOpenFilesLimit(needed: number): void {
  const [soft = '0', hard = '0'] = execFileSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .trim()
    .split('\n');
  const limit = (value: string) => (value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value));
  if (limit(soft) >= needed) return;
  if (limit(hard) < needed || process.env.CHAT_BENCH_REEXEC) {
    throw new Error(
      `Needs ${needed} open files but the limit is ${soft} (hard ${hard}). Raise it, e.g. \`ulimit -n ${needed}\`.`,
    );
  }
  const target = hard === 'unlimited' ? needed : Math.min(limit(hard), Math.max(needed, 65_536));
  console.log(`Raising the open-files limit from ${soft} to ${target} for this run…`);
  const result = spawnSync(
    'sh',
    ['-c', `ulimit -n ${target} && exec "$0" "$@"`, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, CHAT_BENCH_REEXEC: '1' } },
  );
  process.exit(result.status ?? 1);
}

/** A fresh database: on DATABASE_URL's server when set (dropped after), else an embedded PostgreSQL. */
export async function freshDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const adminUrl = parseEnv(process.env).databaseUrl;
  if (!adminUrl) return benchDatabase();
  const name = `chat_bench_${process.pid}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = databaseUrl(adminUrl, name);
  // BENCH_KEEP_DATABASE=1: leave the seeded database behind to study its query plans by hand.
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    return { url, stop: async () => console.log(`Kept the database: ${url}`) };
  }
  return {
    url,
    stop: () =>
      withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}

/** koa-session's signed cookie, as the cookies/keygrip libraries make it (HMAC-SHA1, URL-safe base64). */
function sessionCookie(sid: string): string {
  const signature = createHmac('sha1', BENCH_SESSION_SECRET)
    .update(`sid=${sid}`)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c] ?? '');
  return `sid=${sid}; sid.sig=${signature}`;
}

const SESSION_AGE_MS = 24 * 60 * 60 * 1000;

/** A session row as koa-session stores it, and the cookie that names it. */
function benchSession(data: { visitorId?: string; userId?: string }) {
  const sid = randomBytes(32).toString('base64url');
  const expires = Date.now() + SESSION_AGE_MS;
  return {
    row: {
      sid,
      sess: JSON.stringify({ ...data, _expire: expires, _maxAge: SESSION_AGE_MS }),
      expire: new Date(expires),
      userId: data.userId ?? null,
    },
    cookie: sessionCookie(sid),
  };
}

/**
 * The address a bench client connects from, as a load balancer would report
 * it (the servers run with TRUST_PROXY=true): every client its own, as real
 * visitors and staff are, so the per-address socket cap (decision 078) sees
 * what it would see in production rather than thousands of sockets from 127.0.0.1.
 */
function clientAddress(prefix: '10' | '172', index: number): string {
  return `${prefix}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Who a bench socket is: its session cookie and its address. */
export interface BenchClient {
  cookie: string;
  address: string;
}

export interface Visitor extends BenchClient {
  conversationId: string;
}

/**
 * N visitors, each with a session (holding its visitor id) and a conversation
 * bound to it, written straight to the database in batches: what N visitors
 * starting a chat leave behind, without N HTTP round trips (and the per-IP
 * start limit) in the way.
 */
export async function seedVisitors(url: string, count: number): Promise<Visitor[]> {
  const db = knex(knexConfig(url, { poolMax: 2 }));
  const visitors: Visitor[] = [];
  try {
    for (let start = 0; start < count; start += 1000) {
      const sessions = [];
      const conversations = [];
      for (let i = start; i < Math.min(count, start + 1000); i += 1) {
        const visitorId = randomUUID();
        const conversationId = randomUUID();
        const session = benchSession({ visitorId });
        sessions.push(session.row);
        conversations.push({ id: conversationId, visitorId, visitorName: `Bench visitor ${i + 1}` });
        visitors.push({ conversationId, cookie: session.cookie, address: clientAddress('10', i) });
      }
      await db('sessions').insert(sessions);
      await db('chat_conversations').insert(conversations);
    }
    // As the app makes them: each conversation with its service-level clock (the server would otherwise lay out the
    // clocks of these "older" chats 500 at a time in its sweeps, during the measuring).
    while ((await initializeClocks(db)) > 0);
  } finally {
    await db.destroy();
  }
  return visitors;
}

/** N staff members, each with an account and a logged-in session of their own (one console each). */
export async function seedStaff(url: string, count: number): Promise<BenchClient[]> {
  const db = knex(knexConfig(url, { poolMax: 1 }));
  try {
    const passwordHash = await hashPassword('bench-staff-password');
    const users: { id: string }[] = await db('users')
      .insert(
        Array.from({ length: count }, (_, i) => ({
          username: `bench_staff_${i + 1}`,
          passwordHash,
          accountType: 'staff',
          // Every staff member has a role (issue 24); admin may do everything the benchmarks ask.
          staffRole: 'admin',
          // Admins work only with two-factor sign-in on (decision 169): the bench sessions stand for signed-in admins.
          totpSecret: 'bench-not-a-secret',
          totpEnabledAt: new Date(),
        })),
      )
      .returning('id');
    const sessions = users.map((user) => benchSession({ userId: user.id }));
    await db('sessions').insert(sessions.map((session) => session.row));
    return sessions.map((session, i) => ({ cookie: session.cookie, address: clientAddress('172', i) }));
  } finally {
    await db.destroy();
  }
}

type FrameHandler = (frame: { type: string; [key: string]: unknown }, ws: WebSocket) => void;

/** Opens a socket, joins conversations, and resolves once every history has arrived. */
export function openJoined(
  serverUrl: string,
  client: BenchClient,
  conversationIds: string[],
  isAdmin: boolean,
  onFrame: FrameHandler,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/ws/chat`, {
      headers: { Cookie: client.cookie, 'X-Forwarded-For': client.address },
    });
    let waiting = conversationIds.length;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string };
      if (frame.type === 'history' && waiting > 0) {
        waiting -= 1;
        if (waiting === 0) resolve(ws);
        return;
      }
      onFrame(frame, ws);
    });
    ws.once('open', () => {
      for (const conversationId of conversationIds) ws.send(JSON.stringify({ type: 'join', conversationId, isAdmin }));
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    // A socket that closes during the run would look like lost messages: report it as what it is.
    ws.once('close', (code, reason) => {
      if (waiting === 0) onFrame({ type: 'closed', code, reason: reason.toString() }, ws);
    });
  });
}

/** Runs `task` for every item, at most `concurrency` at a time. */
export async function inBatches<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}

/** Resident memory of a process, in bytes (Linux). */
export function residentMemory(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
