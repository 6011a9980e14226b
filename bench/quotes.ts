/**
 * `npm run bench:quotes`: the console's quote screens under load (issue 25).
 * With 50,000 quotes (BENCH_QUOTES), each with three lines and a timeline of
 * three entries, made with generate_series, 20 staff consoles
 * (BENCH_QUOTE_CONNECTIONS) at once ask for quote lists (newest, by status, a
 * search, a page deep in the list) and quote pages (a quote with its lines and
 * timeline). Each scenario runs BENCH_DURATION seconds (default 8, after a
 * 2-second warm-up) "at work", each console pausing BENCH_QUOTE_THINK_MS
 * (default 250, spread ±50%) between an answer and its next request
 * (bench/staff-load.ts), against the production build in its own process, on
 * the database in DATABASE_URL or an embedded PostgreSQL. Prints p50/p99 per
 * scenario; exits non-zero if any p99 reaches 50 ms or any request fails
 * (the goal of decision 148, as for tickets).
 */
import os from 'node:os';
import { connectDatabase, migrateToLatest } from '../api/src/db/database';
import { buildUser } from '../api/src/test/factories';
import { freshDatabase } from './chat-support';
import { recordFigure } from './figures';
import { printScenarios, runScenarios, staffCookie, type Scenario } from './staff-load';
import { DURATION, ensureBuild, machine, startProductionServer } from './support';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 50_000);
const CONNECTIONS = Number(process.env.BENCH_QUOTE_CONNECTIONS ?? 20);
const LIMIT_MS = 50;
const THINK_MS = Number(process.env.BENCH_QUOTE_THINK_MS ?? 250);

ensureBuild();
const database = await freshDatabase();
const db = connectDatabase(database.url, { poolMax: 20 });
try {
  await migrateToLatest(db);
  console.log(`Seeding ${QUOTES.toLocaleString()} quotes with three lines and three timeline entries each…`);
  const seedStart = Date.now();
  const staff = await buildUser(db, { accountType: 'staff', staffRole: 'sales', firstName: 'Sales' });
  const words = ['wifi', 'cabling', 'firewall', 'survey', 'switches', 'cameras', 'backup', 'vpn', 'rack', 'servers'];
  const year = new Date().getUTCFullYear();
  await db.raw(
    `insert into quote_counters (year, last_number) values (?, ?)
     on conflict (year) do update set last_number = excluded.last_number`,
    [year, QUOTES],
  );
  // Totals by hand for the lines below: service 4 × 120.00, product 2 × 250.00 (taxed 8.5 %), recurring 149.00.
  await db.raw(
    `insert into quotes (year, sequence, number, version, status, title, customer_name, customer_email,
       customer_company, deposit_percent, valid_until, token_hash, created_by, sent_by, sent_at,
       one_time_subtotal_cents, tax_cents, one_time_total_cents, deposit_cents, recurring_monthly_cents,
       search_text, created_at, updated_at)
     select ?, g, 'Q-' || ? || '-' || lpad(g::text, 4, '0'), 1,
       (array['draft','sent','viewed','accepted','declined','expired','withdrawn'])[1 + (g * 7) % 7],
       'Office ' || (?::text[])[1 + g % 10] || ' ' || g, 'Client ' || g, 'client' || g || '@bench.example.com',
       'Company ' || (g % 900), (g % 3) * 25, current_date + (g % 60) - 20, md5('bench-quote-' || g),
       ?::uuid, ?::uuid, now() - (g * interval '5 minutes'),
       98000, 4250, 102250, ((102250 * (g % 3) * 25 + 50) / 100), 14900,
       lower('Q-' || ? || '-' || lpad(g::text, 4, '0') || ' client ' || g || ' client' || g
         || '@bench.example.com company ' || (g % 900) || ' office ' || (?::text[])[1 + g % 10] || ' ' || g),
       now() - (g * interval '5 minutes'), now() - (g * interval '5 minutes')
     from generate_series(1, ?) g`,
    [year, year, words, staff.user.id, staff.user.id, year, words, QUOTES],
  );
  await db.raw(
    `insert into quote_lines (quote_id, position, kind, description, quantity, unit_price, taxable, interval)
     select q.id, l.position, l.kind, l.description, l.quantity, l.unit_price, l.taxable, l.interval
     from quotes q cross join (values
       (1, 'service', 'Site survey, hours', 4, 120.00, false, null),
       (2, 'product', 'Access point', 2, 250.00, true, null),
       (3, 'recurring', 'Managed Wi-Fi', 1, 149.00, false, 'month')
     ) as l(position, kind, description, quantity, unit_price, taxable, interval)`,
  );
  await db.raw(
    `insert into quote_events (quote_id, type, actor_name, data, created_at)
     select q.id, e.type, e.actor, '{}'::jsonb, q.created_at + e.offset_minutes * interval '1 minute'
     from quotes q cross join (values ('created', 'Sales', 0), ('sent', 'Sales', 5), ('viewed', null, 60))
       as e(type, actor, offset_minutes)`,
  );
  await db.raw('analyze');
  console.log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(0)} s.`);

  const server = await startProductionServer(database.url, { LOG_LEVEL: 'warn' });
  const url = server.url;
  const cookie = await staffCookie(url, staff);

  const deep = (await db.raw(
    `select (extract(epoch from created_at) * 1000000)::bigint || '.' || id as cursor
     from quotes order by created_at desc, id desc offset ? limit 1`,
    [Math.floor(QUOTES * 0.9)],
  )) as { rows: { cursor: string }[] };
  const quoteIds = ((await db('quotes').select('id').orderByRaw('random()').limit(2000)) as { id: string }[]).map(
    (r) => r.id,
  );

  const scenarios: Scenario[] = [
    { name: 'list: newest', paths: ['/api/admin/quotes'] },
    { name: 'list: status', paths: ['/api/admin/quotes?status=accepted'] },
    { name: 'list: search', paths: words.map((w) => `/api/admin/quotes?q=${w}`) },
    { name: 'list: by number', paths: ['/api/admin/quotes?q=Q-' + year + '-0042'] },
    {
      name: `list: 90% deep`,
      paths: [`/api/admin/quotes?cursor=${encodeURIComponent(deep.rows[0]!.cursor)}`],
    },
    { name: 'quote page', paths: quoteIds.map((id) => `/api/admin/quotes/${id}`) },
  ];

  const results = await runScenarios({
    serverUrl: url,
    cookie,
    connections: CONNECTIONS,
    thinkMs: THINK_MS,
    seconds: DURATION,
    scenarios,
  });
  await server.stop();

  console.log(
    `\n${machine()}, load average ${os.loadavg()[0]!.toFixed(1)}; ${QUOTES.toLocaleString()} quotes, ${CONNECTIONS} staff at once, ${DURATION} s each`,
  );
  printScenarios(
    `${CONNECTIONS} staff at work (a pause of ${THINK_MS} ms on average between answer and next request)`,
    results,
  );
  // A latency of failed requests is no figure: the summary then says "not measured" beside the exit code.
  if (results.every((r) => r.failed === 0)) {
    recordFigure({ id: 'quotes-p99', value: Math.max(...results.map((r) => r.p99)) });
  }
  const bad = results.filter((r) => r.p99 >= LIMIT_MS || r.failed > 0);
  if (bad.length > 0) {
    console.error(`\nOver ${LIMIT_MS} ms at p99, or failing: ${bad.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
  await database.stop();
}
