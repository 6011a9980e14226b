/**
 * `npm run bench:chat`: live-chat delivery on the production build.
 *
 * N visitor sockets (BENCH_CHAT_SOCKETS, default 2,000), each joined to its own
 * conversation, and staff sockets answering 10 conversations each (a socket may
 * send 10 messages per 10 seconds). Two phases per setup:
 *  - paced: visitors ask at BENCH_CHAT_RATE questions/s (default 100); staff
 *    reply to each on receipt (so twice that many messages/s). Delivery
 *    latency (send → the other side has it) of both legs, p50/p99.
 *  - burst: every staff socket sends its 10 replies at once; messages/s until
 *    all N are delivered.
 * Setups: one instance; then two instances on one database (visitors on one,
 * staff on the other, so every message crosses instances through PostgreSQL).
 * Every visitor and every staff member has a session and an address of their
 * own (X-Forwarded-For, with TRUST_PROXY=true), so the servers run with the
 * default socket caps per session and per address (decision 078).
 */
import type WebSocket from 'ws';
import {
  BENCH_SESSION_SECRET,
  ensureOpenFilesLimit,
  freshDatabase,
  inBatches,
  openJoined,
  percentile,
  residentMemory,
  seedStaff,
  seedVisitors,
  type Visitor,
} from './chat-support';
import { recordFigure } from './figures';
import { ensureBuild, machine, startProductionServer, type BenchServer } from './support';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 100);
const PER_STAFF = 10;
const DELIVERY_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  setup: string;
  sockets: number;
  'paced msg/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'p99.9 ms': number;
  'burst msg/s': number;
  'burst p99 ms': number;
  'RSS/socket KB': number;
  lost: number;
  errors: number;
  'closed sockets': number;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(20);
}

async function scenario(instances: 1 | 2): Promise<Outcome> {
  const database = await freshDatabase();
  const servers: BenchServer[] = [];
  const sockets: WebSocket[] = [];
  let finished = false;
  try {
    // Clients connect through a "load balancer" (X-Forwarded-For), each from its own address: the default socket caps.
    const env = { SESSION_SECRET: BENCH_SESSION_SECRET, TRUST_PROXY: 'true' };
    for (let i = 0; i < instances; i += 1) servers.push(await startProductionServer(database.url, env));
    const visitorServer = servers[0]!;
    const staffServer = servers[instances - 1]!;
    const visitors = await seedVisitors(database.url, SOCKETS);
    await sleep(500);
    const baseline = servers.map((s) => residentMemory(s.child.pid!));

    const sentAt = new Map<string, number>();
    const paced: number[] = [];
    const burst: number[] = [];
    let errors = 0;
    let closed = 0;
    let lastDelivery = 0;
    const received = (text: string, into: number[]) => {
      const at = sentAt.get(text);
      if (at === undefined) return;
      sentAt.delete(text);
      lastDelivery = performance.now();
      into.push(lastDelivery - at);
    };
    const send = (ws: WebSocket, conversationId: string, message: string, senderType: 'visitor' | 'admin') => {
      sentAt.set(message, performance.now());
      ws.send(JSON.stringify({ type: 'message', conversationId, message, senderType }));
    };

    process.stdout.write(`  opening ${SOCKETS} visitor sockets…\n`);
    const visitorSockets = await inBatches(visitors, 100, (visitor: Visitor) =>
      openJoined(visitorServer.url, visitor, [visitor.conversationId], false, (frame) => {
        if (frame.type === 'error') errors += 1;
        if (frame.type === 'closed' && !finished) closed += 1;
        if (frame.type !== 'new_message') return;
        const text = (frame.message as { message: string }).message;
        received(text, text.startsWith('b:') ? burst : paced);
      }),
    );
    sockets.push(...visitorSockets);
    const groups: Visitor[][] = [];
    for (let i = 0; i < visitors.length; i += PER_STAFF) groups.push(visitors.slice(i, i + PER_STAFF));
    // One staff member (account, session, address) per staff socket, as consoles are.
    const staff = await seedStaff(database.url, groups.length);
    process.stdout.write(`  opening ${groups.length} staff sockets…\n`);
    const staffSockets = await inBatches(groups, 50, (group, g) =>
      openJoined(
        staffServer.url,
        staff[g]!,
        group.map((v) => v.conversationId),
        true,
        (frame, ws) => {
          if (frame.type === 'error') errors += 1;
          if (frame.type === 'closed' && !finished) closed += 1;
          if (frame.type !== 'new_message') return;
          const message = frame.message as { message: string; conversationId: string; senderType: string };
          if (message.senderType !== 'visitor') return;
          received(message.message, paced);
          // Staff answer every question at once.
          send(ws, message.conversationId, `r:${message.message.slice(2)}`, 'admin');
        },
      ),
    );
    sockets.push(...staffSockets);
    await sleep(500);
    const memory = servers.map((s, i) => residentMemory(s.child.pid!) - baseline[i]!);
    const socketsPerServer = instances === 1 ? [SOCKETS + groups.length] : [SOCKETS, groups.length];
    const perSocket = memory[0]! / socketsPerServer[0]!;

    process.stdout.write(`  paced round trips at ${RATE}/s…\n`);
    const start = performance.now();
    for (let i = 0; i < visitors.length; i += 1) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      send(visitorSockets[i]!, visitors[i]!.conversationId, `q:${i}`, 'visitor');
    }
    await waitFor(() => paced.length >= 2 * SOCKETS, DELIVERY_TIMEOUT_MS);
    const pacedDuration = (lastDelivery - start) / 1000;
    const pacedLost = 2 * SOCKETS - paced.length;

    // Let every socket's 10-messages-per-10-seconds window pass.
    await sleep(10_500);
    process.stdout.write('  burst…\n');
    const burstStart = performance.now();
    staffSockets.forEach((ws, g) => {
      for (const visitor of groups[g]!) send(ws, visitor.conversationId, `b:${visitor.conversationId}`, 'admin');
    });
    await waitFor(() => burst.length >= SOCKETS, DELIVERY_TIMEOUT_MS);
    const burstDuration = (lastDelivery - burstStart) / 1000;

    paced.sort((a, b) => a - b);
    burst.sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      setup: instances === 1 ? 'one instance' : 'two instances',
      sockets: SOCKETS + groups.length,
      'paced msg/s': Math.round(paced.length / pacedDuration),
      'p50 ms': round(percentile(paced, 50)),
      'p99 ms': round(percentile(paced, 99)),
      'p99.9 ms': round(percentile(paced, 99.9)),
      'burst msg/s': Math.round(burst.length / burstDuration),
      'burst p99 ms': round(percentile(burst, 99)),
      'RSS/socket KB': round(perSocket / 1024),
      lost: pacedLost + (SOCKETS - burst.length),
      errors,
      'closed sockets': closed,
    };
  } finally {
    finished = true;
    for (const ws of sockets) ws.terminate();
    for (const server of servers) await server.stop();
    await database.stop();
  }
}

ensureOpenFilesLimit(Math.ceil(SOCKETS * 1.2) + 1024);
ensureBuild();
console.log(`Machine: ${machine()}`);
console.log(
  `${SOCKETS} visitor sockets, ${Math.ceil(SOCKETS / PER_STAFF)} staff sockets, paced at ${RATE} questions/s\n`,
);
const results: Outcome[] = [];
const setups = (process.env.BENCH_CHAT_SETUPS ?? '1,2').split(',').map((n) => (Number(n) === 2 ? 2 : 1));
for (const instances of setups) {
  console.log(instances === 1 ? 'One instance:' : 'Two instances on one database:');
  results.push(await scenario(instances));
}
console.table(results);
// For `npm run bench`'s summary (bench/goals.ts): the goal is one instance's.
const single = results.find((r) => r.setup === 'one instance');
if (single) {
  recordFigure({ id: 'chat-p99', value: single['p99 ms'] });
  recordFigure({ id: 'chat-p999', value: single['p99.9 ms'] });
}
// A message that never arrived, an error frame or a socket the server closed
// is a failure of the chat, not a slow result: say so and fail the run.
const failures = results.filter((r) => r.lost > 0 || r.errors > 0 || r['closed sockets'] > 0);
if (failures.length > 0) {
  console.log(`Delivery failures in: ${failures.map((r) => r.setup).join(', ')}`);
  process.exitCode = 1;
}
