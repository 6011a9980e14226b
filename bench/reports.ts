/**
 * `npm run bench:reports`: the console's reports under load (issue 27). With
 * 200,000 orders (BENCH_REPORT_ORDERS), 100,000 tickets (BENCH_REPORT_TICKETS)
 * and 50,000 chats (BENCH_REPORT_CHATS) over the last two years — with their
 * service-level times, ratings, refunds, subscriptions and quotes, made with
 * generate_series — 10 staff (BENCH_REPORT_STAFF) open reports at once: the
 * support report for the last year by week (whole, one staff member, one
 * priority) and the sales report for the last year by week, each pausing
 * BENCH_REPORT_THINK_MS (default 1,000, spread ±50%) between an answer and
 * their next report, for BENCH_DURATION seconds (default 8). Against the
 * production build in its own process. After seeding, counts every item's
 * report facts (decision 207) in batches and prints how long that took — the
 * background recount after a change of the business hours (decision 210). Prints the query plans' nodes and the
 * database's own time (EXPLAIN ANALYZE) for each report query, then p50/p99 per
 * report; exits non-zero if the p99 reaches 300 ms or a request fails.
 */
import http from 'node:http';
import os from 'node:os';
import knex, { type Knex } from 'knex';
import type { SalesReportQuery, SupportReportQuery } from '../shared/src/schemas/reports';
import { knexConfig } from '../knexfile';
import { rebuildReportFacts } from '../api/src/modules/reports/item-facts';
import { salesReport } from '../api/src/modules/reports/sales-report';
import { supportReport } from '../api/src/modules/reports/support-report';
import { ANNOUNCE_BATCH, announceDue } from '../api/src/modules/service-levels/announcements';
import { initializeClocks } from '../api/src/modules/service-levels/initialize';
import { BENCH_SESSION_SECRET, freshDatabase, percentile, seedStaff } from './chat-support';
import { recordFigure } from './figures';
import { callsAlone, printLoad, runStaffLoad, type Call } from './staff-load';
import { DURATION, ensureBuild, machine, startProductionServer } from './support';

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 200_000);
const TICKETS = Number(process.env.BENCH_REPORT_TICKETS ?? 100_000);
const CHATS = Number(process.env.BENCH_REPORT_CHATS ?? 50_000);
const STAFF = Number(process.env.BENCH_REPORT_STAFF ?? 10);
const THINK_MS = Number(process.env.BENCH_REPORT_THINK_MS ?? 1_000);
const P99_LIMIT_MS = 300;
const TWO_YEARS_MINUTES = 2 * 365 * 24 * 60;

async function seed(url: string): Promise<{ staffId: string }> {
  const db = knex(knexConfig(url, { poolMax: 2 }));
  try {
    await db.raw(
      `insert into users (username, password_hash, email, first_name, account_type)
       select 'report_client_' || g, 'bench-no-login', 'client' || g || '@bench.example.com', 'Client' || g, 'client'
       from generate_series(1, 2000) g`,
    );
    await db.raw(
      `insert into users (username, password_hash, first_name, account_type, staff_role)
       select 'report_agent_' || g, 'bench-no-login', 'Agent' || g, 'staff', 'support' from generate_series(1, 12) g`,
    );
    const agents = (await db('users').where('username', 'like', 'report_agent_%').pluck('id')) as string[];
    const clients = (await db('users').where('username', 'like', 'report_client_%').pluck('id')) as string[];
    // Items spread evenly over the last two years, newest first; times in minutes after creation.
    await db.raw(
      `insert into orders (user_id, status, subtotal_amount, tax_amount, total_amount, payment_provider,
         shipping_full_name, shipping_address, shipping_city, shipping_state, shipping_zip_code, shipping_country,
         paid_at, created_at, updated_at)
       select (:clients::uuid[])[1 + g % 2000], case when g % 7 = 0 then 'expired' else 'paid' end,
         (10 + g % 490)::numeric(10,2), 0, (10 + g % 490)::numeric(10,2), 'demo',
         'Bench Buyer', '1 Main St', 'Austin', 'TX', '78701', 'US',
         case when g % 7 = 0 then null else now() - (g * :step::float8) * interval '1 minute' + interval '2 minutes' end,
         now() - (g * :step::float8) * interval '1 minute', now() - (g * :step::float8) * interval '1 minute'
       from generate_series(1, :n) g`,
      { clients, n: ORDERS, step: TWO_YEARS_MINUTES / ORDERS },
    );
    await db.raw(
      `insert into refunds (order_id, provider, amount, status, succeeded_at, created_at)
       select id, 'demo', 5, 'succeeded', paid_at + interval '3 days', paid_at + interval '3 days'
       from orders where paid_at is not null and number % 33 = 0`,
    );
    await db.raw(
      `insert into tickets (user_id, name, email, service, message, status, priority, assignee_id, created_at,
         updated_at, first_response_at, first_response_due_at, resolution_due_at, resolved_at, sla_state)
       select (:clients::uuid[])[1 + g % 2000], 'Bench', 'bench@example.com', 'Managed IT', 'Bench ticket ' || g,
         case when g % 5 = 0 then 'in_progress' else 'completed' end,
         (array['low','normal','high','urgent'])[1 + g % 4],
         case when g % 6 = 0 then null else (:agents::uuid[])[1 + g % 12] end,
         t.created, t.created,
         t.created + ((g * 37) % 600) * interval '1 minute',
         t.created + interval '4 hours',
         t.created + interval '3 days',
         case when g % 5 = 0 then null else t.created + ((g * 53) % 8000) * interval '1 minute' end,
         case when g % 5 = 0 then 'on_track' when g % 9 = 0 then 'breached' else 'met' end
       from generate_series(1, :n) g, lateral (select now() - (g * :step::float8) * interval '1 minute' as created) t`,
      { clients, agents, n: TICKETS, step: TWO_YEARS_MINUTES / TICKETS },
    );
    await db.raw(
      `insert into chat_conversations (visitor_id, visitor_name, status, priority, assignee_id, created_at, closed_at,
         first_response_at, first_response_due_at, sla_state)
       select gen_random_uuid(), 'Visitor ' || g, 'closed', (array['low','normal','high','urgent'])[1 + g % 4],
         (:agents::uuid[])[1 + g % 12], t.created, t.created + ((g * 13) % 90) * interval '1 minute',
         t.created + ((g * 7) % 20) * interval '1 minute', t.created + interval '10 minutes',
         case when (g * 7) % 20 > 10 then 'breached' else 'met' end
       from generate_series(1, :n) g, lateral (select now() - (g * :step::float8) * interval '1 minute' as created) t`,
      { agents, n: CHATS, step: TWO_YEARS_MINUTES / CHATS },
    );
    await db.raw(
      `insert into satisfaction_surveys (token_hash, ticket_id, assignee_id, rating, sent_at, answered_at)
       select md5(id::text), id, assignee_id, 1 + number % 5, resolved_at, resolved_at + interval '1 hour'
       from tickets where resolved_at is not null and number % 3 = 0`,
    );
    const plans = (await db('subscription_plans').pluck('id')) as string[];
    await db.raw(
      `insert into subscriptions (user_id, provider, provider_subscription_id, plan_id, status, provider_created_at,
         ended_at, canceled_at)
       select (:clients::uuid[])[g], 'demo', 'sub_bench_' || g, (:plans::uuid[])[1 + g % :planCount],
         case when g % 4 = 0 then 'canceled' else 'active' end, now() - (g * 5) * interval '1 hour',
         case when g % 4 = 0 then now() - (g * 2) * interval '1 hour' end,
         case when g % 4 = 0 then now() - (g * 2) * interval '1 hour' end
       from generate_series(1, 2000) g`,
      { clients, plans, planCount: plans.length },
    );
    await db.raw(
      `insert into quotes (year, sequence, number, status, title, customer_name, customer_email, valid_until, token_hash,
         sent_at, accepted_at, signature_name, declined_at, created_at)
       select 2000 + g % 50, g, 'Q-BENCH-' || g, case when g % 3 = 0 then 'accepted' when g % 3 = 1 then 'declined' else 'sent' end,
         'Bench quote', 'Client', 'client@example.com', current_date + 30, md5('quote' || g),
         t.sent, case when g % 3 = 0 then t.sent + (g % 10) * interval '1 day' end,
         case when g % 3 = 0 then 'Client' end,
         case when g % 3 = 1 then t.sent + interval '2 days' end, t.sent
       from generate_series(1, 6000) g, lateral (select now() - (g * 2) * interval '3 hours' as sent) t`,
    );
    // The rows above are older than the migration's layout of the business hours: count their report facts, as a
    // change of the business hours does (decision 207), and say how long that takes at this size.
    const factsStart = Date.now();
    const counted = await rebuildReportFacts(db);
    console.log(
      `Counted the report facts of ${counted.toLocaleString('en-US')} tickets and chats in ${((Date.now() - factsStart) / 1000).toFixed(1)} s`,
    );
    // Settled as autovacuum would leave the tables after those writes, so that it does not run during the measuring.
    await db.raw('vacuum (analyze)');
    return { staffId: agents[3]! };
  } finally {
    await db.destroy();
  }
}

/**
 * What each report's queries do on this data: the plan's scans (which index, or a sequential scan) and the
 * database's own time, by EXPLAIN ANALYZE of the very queries the report sends (captured from Knex).
 */
async function explainReports(url: string, support: SupportReportQuery, sales: SalesReportQuery): Promise<void> {
  const db = knex(knexConfig(url, { poolMax: 1 }));
  try {
    const captured: { sql: string; bindings: unknown[] }[] = [];
    db.on('query', (query: { sql: string; bindings?: unknown[] }) =>
      captured.push({ sql: query.sql, bindings: query.bindings ?? [] }),
    );
    await supportReport(db, support);
    await salesReport(db, sales);
    db.removeAllListeners('query');
    const connection = (await db.client.acquireConnection()) as {
      query(sql: string, values: unknown[]): Promise<{ rows: { 'QUERY PLAN': string }[] }>;
    };
    try {
      for (const { sql, bindings } of captured) {
        if (!/tickets|orders|satisfaction_surveys|subscriptions/.test(sql)) continue;
        const { rows } = await connection.query(`explain (analyze, costs off) ${sql}`, bindings);
        const lines = rows.map((row) => row['QUERY PLAN']);
        const scans = [
          ...new Set(
            lines
              .map((line) => /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)[^(]*/.exec(line)?.[0]?.trim())
              .filter((scan): scan is string => Boolean(scan)),
          ),
        ];
        const time = lines.find((line) => line.startsWith('Execution Time'));
        console.log(`- ${sql.replace(/\s+/g, ' ').slice(0, 90)}…\n  ${time}; ${scans.join('; ')}`);
      }
    } finally {
      await db.client.releaseConnection(connection);
    }
  } finally {
    await db.destroy();
  }
}

const CHANGE_MS = Number(process.env.BENCH_REPORT_CHANGE_MS ?? 1_000);

/**
 * Brings the seeded desk's service levels up to date with the engine's own steps (decision 192): the clocks of the
 * open items made without one, then every warning and breach due — what a desk that has been running has done
 * already, and what the server would otherwise do a batch at a time while staff read. Returns how long it took.
 */
async function serviceLevelsSettled(url: string): Promise<number> {
  const db = knex(knexConfig(url, { poolMax: 1 }));
  const started = Date.now();
  try {
    while ((await initializeClocks(db)) > 0);
    while ((await db.transaction((trx) => announceDue(trx, Date.now()))).length >= ANNOUNCE_BATCH);
    return Date.now() - started;
  } finally {
    await db.destroy();
  }
}

/** One change to what each report reads (a ticket's priority, a plan's name), so the next of each computes afresh. */
async function changeReportedData(db: Knex, n: number): Promise<void> {
  const priorities = ['low', 'normal', 'high', 'urgent'] as const;
  await db.raw(
    `update tickets set priority = ? where id = (select id from tickets where status = 'in_progress' limit 1)`,
    [priorities[n % priorities.length]!],
  );
  await db.raw(`update subscription_plans set name = ? where id = (select id from subscription_plans limit 1)`, [
    `Bench plan ${n}`,
  ]);
}

/** Runs `load` while what the reports read changes every `everyMs` (decision 214: each change a new fingerprint). */
async function whileDataChanges<T>(
  db: Knex,
  everyMs: number,
  load: () => Promise<T>,
): Promise<{ result: T; changes: number }> {
  let changes = 0;
  let running = true;
  const writer = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (!running) break;
      await changeReportedData(db, changes);
      changes += 1;
    }
  })();
  try {
    return { result: await load(), changes };
  } finally {
    running = false;
    await writer;
  }
}

async function main(): Promise<void> {
  ensureBuild();
  const database = await freshDatabase();
  const server = await startProductionServer(database.url, {
    SESSION_SECRET: BENCH_SESSION_SECRET,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  let failed = false;
  try {
    console.log(
      `Seeding ${ORDERS.toLocaleString('en-US')} orders, ${TICKETS.toLocaleString('en-US')} tickets, ${CHATS.toLocaleString('en-US')} chats over two years…`,
    );
    const seedStart = Date.now();
    const { staffId } = await seed(database.url);
    console.log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const staff = await seedStaff(database.url, STAFF);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/Chicago',
    });
    const range = `from=${yearAgo}&to=${today}&interval=week`;
    const mix: Call[] = [
      { kind: 'support, a year by week', path: `/api/admin/reports/support?${range}` },
      { kind: 'support, one staff member', path: `/api/admin/reports/support?${range}&assigneeId=${staffId}` },
      { kind: 'support, urgent only', path: `/api/admin/reports/support?${range}&priority=urgent` },
      { kind: 'sales, a year by week', path: `/api/admin/reports/sales?${range}` },
    ];

    console.log('\nQuery plans (EXPLAIN ANALYZE of each report query, a year by week):');
    const base = { from: yearAgo, to: today, interval: 'week', format: 'json', rows: 'intervals' } as const;
    await explainReports(database.url, base, base);

    // The seeded open tickets have no service-level clock yet and are long past due: the engine would lay out their
    // clocks and announce their breaches a batch at a time while staff read. Measure a desk that has caught up.
    const settled = await serviceLevelsSettled(database.url);
    console.log(`\nService levels of the seeded open items brought up to date in ${(settled / 1000).toFixed(1)} s`);

    const writer = knex(knexConfig(database.url, { poolMax: 1 }));
    let changes = 0;
    const agents = staff.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      // Each report alone, computed afresh (after a change to what it reads), and answered again (nothing changed).
      const { alone, failed: failedAfresh } = await callsAlone(server.url, mix, staff[0]!.cookie, agents[0]!, () =>
        changeReportedData(writer, (changes += 1)),
      );
      const { alone: again, failed: failedAgain } = await callsAlone(server.url, mix, staff[0]!.cookie, agents[0]!);
      if (failedAfresh || failedAgain) failed = true;
      console.log('\n| Report alone | Computed afresh, median (ms) | Answered again, median (ms) |');
      console.log('| --- | ---: | ---: |');
      for (const call of mix) {
        console.log(`| ${call.kind} | ${alone.get(call.kind)!.toFixed(1)} | ${again.get(call.kind)!.toFixed(1)} |`);
      }

      console.log(`\n${machine()}, load average ${os.loadavg()[0]!.toFixed(1)}`);
      const atWork = await runStaffLoad({
        serverUrl: server.url,
        staff,
        agents,
        mix,
        thinkMs: THINK_MS,
        seconds: DURATION,
      });
      printLoad(
        `${STAFF} staff opening reports at once (a pause of ${THINK_MS} ms on average between answer and next report), nothing changing`,
        atWork,
        alone,
      );
      const p99 = percentile(atWork.all, 99);
      recordFigure({ id: 'reports-p99', value: p99 });
      if (atWork.errors > 0 || p99 >= P99_LIMIT_MS) failed = true;

      // The same while the desk works: what the reports read changes every CHANGE_MS, so every report computed
      // before a change is computed afresh after it (decision 214) — what the figures cost when they keep changing.
      const changing = await whileDataChanges(writer, CHANGE_MS, () =>
        runStaffLoad({ serverUrl: server.url, staff, agents, mix, thinkMs: THINK_MS, seconds: DURATION }),
      );
      printLoad(
        `The same while a ticket and a plan change every ${CHANGE_MS} ms (${changing.changes} changes)`,
        changing.result,
        alone,
      );
      recordFigure({ id: 'reports-p99-changing', value: percentile(changing.result.all, 99) });
      if (changing.result.errors > 0) failed = true;
    } finally {
      for (const agent of agents) agent.destroy();
      await writer.destroy();
    }
  } finally {
    await server.stop();
    await database.stop();
  }
  if (failed) {
    console.error(`\nA report failed, or the p99 reached ${P99_LIMIT_MS} ms.`);
    process.exitCode = 1;
  }
}

await main();
