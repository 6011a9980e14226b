/**
 * `npm run bench:assign`: automatic assignment under load (issue 26, decision
 * 187). Two production instances (`node dist/api/main.js`) on one database,
 * 10 staff consoles online (BENCH_ASSIGN_STAFF; sockets listening to staff
 * events, half on each instance), and 2,000 chats and tickets
 * (BENCH_ASSIGN_ITEMS, half each) stored in bursts of BENCH_ASSIGN_BURST
 * (default 50) every BENCH_ASSIGN_GAP_MS (default 200), each burst's items
 * written at once from here through the API's own storage functions (the
 * commit publishes the event the instances hear, as a request would).
 *
 * Measures, per item, from the moment its transaction committed here to the
 * moment its assignee's console received "assigned to you": p50/p99 (goal
 * p99 < 100 ms). Then the open items per person (max − min ≤ 1 while nobody is
 * at capacity: the capacity is BENCH_ASSIGN_CAPACITY, default 500, the most the setting allows), items
 * given twice (goal 0) and people over capacity (goal 0). Exits non-zero when
 * an item is given twice, someone is over capacity or an item never arrives.
 */
import WebSocket from 'ws';
import { connectDatabase, migrateToLatest } from '../api/src/db/database';
import { startConversation } from '../api/src/modules/chat/storage/conversations';
import { createTicket } from '../api/src/modules/tickets/tickets.service';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '../shared/src/schemas/assignment';
import { BENCH_SESSION_SECRET, freshDatabase, percentile, seedStaff, type BenchClient } from './chat-support';
import { recordFigure } from './figures';
import { ensureBuild, machine, startProductionServer } from './support';

const STAFF = Number(process.env.BENCH_ASSIGN_STAFF ?? 10);
const ITEMS = Number(process.env.BENCH_ASSIGN_ITEMS ?? 2000);
const BURST = Number(process.env.BENCH_ASSIGN_BURST ?? 50);
const GAP_MS = Number(process.env.BENCH_ASSIGN_GAP_MS ?? 200);
const CAPACITY = Number(process.env.BENCH_ASSIGN_CAPACITY ?? 500);
const LIMIT_MS = 100;

ensureBuild();
const database = await freshDatabase();
const db = connectDatabase(database.url, { poolMax: 20 });
let failed = false;
const servers: { stop(): Promise<void> }[] = [];
const sockets: WebSocket[] = [];
try {
  await migrateToLatest(db);
  await db('settings').insert({
    key: 'assignment',
    value: JSON.stringify({ ...DEFAULT_ASSIGNMENT_SETTINGS, capacity: CAPACITY }),
  });
  const staff = await seedStaff(database.url, STAFF);
  const staffIds = ((await db('users').where({ accountType: 'staff' }).select('id')) as { id: string }[]).map(
    (row) => row.id,
  );
  const env = { SESSION_SECRET: BENCH_SESSION_SECRET, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
  const instances = [await startProductionServer(database.url, env), await startProductionServer(database.url, env)];
  servers.push(...instances);

  // When each item reached its assignee's console (ms, performance.now()).
  const received = new Map<string, number>();
  const open = (client: BenchClient, index: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const url = instances[index % 2]!.url.replace(/^http/, 'ws');
      const ws = new WebSocket(`${url}/ws/chat`, {
        headers: { Cookie: client.cookie, 'X-Forwarded-For': client.address },
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { type: string; event?: { kind: string; id: string } };
        const kind = frame.event?.kind;
        if (frame.type === 'staff_event' && (kind === 'chat.assigned' || kind === 'service_request.assigned')) {
          if (!received.has(frame.event!.id)) received.set(frame.event!.id, performance.now());
        }
      });
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'staff_events' }));
        resolve(ws);
      });
      ws.once('error', reject);
    });
  for (const [index, client] of staff.entries()) sockets.push(await open(client, index));
  // Everyone online, on both instances.
  for (let tries = 0; ; tries += 1) {
    const online = (await db('staff_presence').where('consoles', '>', 0).countDistinct({ n: 'user_id' }).first()) as {
      n: string;
    };
    if (Number(online.n) === STAFF) break;
    if (tries > 200) throw new Error(`only ${online.n} of ${STAFF} consoles online`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  console.log(
    `${ITEMS} items in bursts of ${BURST} every ${GAP_MS} ms, ${STAFF} consoles on 2 instances, capacity ${CAPACITY}`,
  );
  const stored = new Map<string, number>();
  const started = performance.now();
  for (let made = 0, burst = 0; made < ITEMS; burst += 1) {
    const size = Math.min(BURST, ITEMS - made);
    await Promise.all(
      Array.from({ length: size }, async (_, i) => {
        const n = made + i;
        if (n % 2 === 0) {
          const conversation = await startConversation(db, {
            visitorId: crypto.randomUUID(),
            userId: null,
            visitorName: `Bench visitor ${n}`,
            visitorEmail: null,
            startPage: null,
          });
          stored.set(conversation.id, performance.now());
        } else {
          const id = await db.transaction((trx) =>
            createTicket(trx, {
              userId: null,
              name: `Bench client ${n}`,
              email: `client${n}@bench.example.com`,
              service: 'General Inquiry',
              message: 'Our switch is down.',
            }),
          );
          stored.set(id!, performance.now());
        }
      }),
    );
    made += size;
    const next = started + (burst + 1) * GAP_MS;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  // Every item reaches someone (or the run fails after 60 s).
  const deadline = performance.now() + 60_000;
  while (received.size < stored.size && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const latencies = [...stored]
    .filter(([id]) => received.has(id))
    .map(([id, at]) => received.get(id)! - at)
    .sort((a, b) => a - b);
  const missing = stored.size - latencies.length;

  const loads = (await db.raw(
    `select u.id, (select count(*) from chat_conversations c where c.assignee_id = u.id and c.status = 'active')
       + (select count(*) from tickets r where r.assignee_id = u.id
          and r.status in ('pending', 'in_progress', 'waiting_on_client')) as load
     from users u where u.id = any(?::uuid[])`,
    [staffIds],
  )) as { rows: { id: string; load: string }[] };
  const perPerson = loads.rows.map((row) => Number(row.load));
  const spread = Math.max(...perPerson) - Math.min(...perPerson);
  const overCapacity = perPerson.filter((load) => load > CAPACITY).length;
  const doubled = (await db.raw(
    `select count(*)::int as n from (
       select record_id from audit_log where action = 'chat.assigned' group by record_id having count(*) > 1
       union all
       select ticket_id::text from ticket_events where kind = 'assignment'
         group by ticket_id having count(*) > 1) twice`,
  )) as { rows: { n: number }[] };
  const twice = doubled.rows[0]!.n;

  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(`\nMachine: ${machine()}`);
  console.table([
    {
      items: stored.size,
      'p50 ms': p50.toFixed(1),
      'p99 ms': p99.toFixed(1),
      'max ms': (latencies.at(-1) ?? 0).toFixed(1),
      'open per person': `${Math.min(...perPerson)}–${Math.max(...perPerson)}`,
      'spread (max − min)': spread,
      'assigned twice': twice,
      'over capacity': overCapacity,
      'never arrived': missing,
    },
  ]);
  recordFigure({ id: 'assign-p99', value: p99, note: `p50 ${p50.toFixed(1)} ms, ${stored.size} items` });
  recordFigure({ id: 'assign-spread', value: spread });
  recordFigure({ id: 'assign-twice', value: twice });
  recordFigure({ id: 'assign-over-capacity', value: overCapacity });
  if (p99 >= LIMIT_MS) console.log(`p99 ${p99.toFixed(1)} ms is over the ${LIMIT_MS} ms goal.`);
  if (twice > 0 || overCapacity > 0 || missing > 0 || spread > 1) failed = true;
} finally {
  for (const ws of sockets) ws.close();
  for (const server of servers) await server.stop();
  await db.destroy();
  await database.stop();
}
process.exit(failed ? 1 : 0);
