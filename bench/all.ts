/**
 * `npm run bench`: every benchmark, one after the other, each in its own
 * process with its own output, then one table — each figure of bench/goals.ts,
 * its goal, what was measured and whether the goal is met (decision 175).
 *
 * Sized to finish in under 15 minutes on two cores: the sizes that the goals
 * are stated at (5,000 chat sockets, 200,000 orders, 100,000 tickets, 50,000 quotes), shorter
 * measuring windows than the single benchmarks' defaults. Any BENCH_* variable
 * set when calling it wins. BENCH_ONLY=start,http runs only those.
 *
 * Exits non-zero when any benchmark did (its own checks: lost receipts, failed
 * requests; lighthouse, tickets, quotes and admin also on their own goals).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIGURES_FILE_ENV, type Figure } from './figures';
import { goals } from './goals';
import { ensureBuild, machine } from './support';

/** Each benchmark and the sizes it runs at here. */
const benches: { name: string; env: Record<string, string> }[] = [
  { name: 'start', env: {} },
  { name: 'http', env: { BENCH_DURATION: '3', BENCH_ROUNDS: '3' } },
  { name: 'lighthouse', env: { LIGHTHOUSE_RUNS: '3' } },
  { name: 'chat', env: { BENCH_CHAT_SOCKETS: '5000', BENCH_CHAT_RATE: '100', BENCH_CHAT_SETUPS: '1' } },
  { name: 'mail', env: { BENCH_MAIL_ORDERS: '300', BENCH_MAIL_OUTAGE_S: '15' } },
  { name: 'inbound', env: { BENCH_INBOUND_MAILS: '1000' } },
  { name: 'tickets', env: { BENCH_DURATION: '3' } },
  { name: 'quotes', env: { BENCH_DURATION: '3' } },
  { name: 'admin', env: { BENCH_ADMIN_SECONDS: '10' } },
  { name: 'reports', env: { BENCH_DURATION: '8' } },
  { name: 'assign', env: { BENCH_ASSIGN_ITEMS: '2000' } },
];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function runBench(name: string, env: Record<string, string>, figuresFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], {
      // What the caller set wins over this run's sizes.
      env: { ...env, ...process.env, [FIGURES_FILE_ENV]: figuresFile },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const selected = only ? benches.filter((bench) => only.includes(bench.name)) : benches;
const dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-bench-all-'));
const figuresFile = path.join(dir, 'figures.jsonl');
const startedAt = performance.now();
const loadAtStart = load();
const outcomes = new Map<string, { exitCode: number; seconds: number }>();
try {
  // Built once here (skipped when current), so that no benchmark's time includes a build.
  ensureBuild();
  for (const bench of selected) {
    const sizes = Object.keys(bench.env).map((name) => `${name}=${process.env[name] ?? bench.env[name]}`);
    console.log(`\n=== bench:${bench.name} ${sizes.join(' ')}`);
    const started = performance.now();
    const exitCode = await runBench(bench.name, bench.env, figuresFile);
    outcomes.set(bench.name, { exitCode, seconds: (performance.now() - started) / 1000 });
  }
  const figures = new Map<string, Figure>();
  const text = await readFile(figuresFile, 'utf8').catch(() => '');
  for (const line of text.split('\n').filter(Boolean)) {
    const figure = JSON.parse(line) as Figure;
    figures.set(figure.id, figure);
  }
  const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));
  const rows = goals
    .filter((goal) => outcomes.has(goal.bench))
    .map((goal) => {
      const figure = figures.get(goal.id);
      const outcome = outcomes.get(goal.bench)!;
      const measured = figure
        ? `${format(figure.value)}${goal.unit === '×' ? '×' : goal.unit ? ` ${goal.unit}` : ''}`
        : `none (bench:${goal.bench} exited ${outcome.exitCode})`;
      const met = !figure ? 'not measured' : goal.met ? (goal.met(figure.value) ? 'met' : 'NOT MET') : '—';
      return { figure: goal.figure, goal: goal.goal, measured, met };
    });
  const minutes = (performance.now() - startedAt) / 60_000;
  console.log(`\nSummary — ${machine()}; load average ${loadAtStart} at start, ${load()} at end`);
  console.log(
    `Benchmarks: ${[...outcomes].map(([name, o]) => `${name} ${Math.round(o.seconds)} s${o.exitCode ? ` (exit ${o.exitCode})` : ''}`).join(', ')}; ${minutes.toFixed(1)} min in all`,
  );
  console.table(rows);
  if ([...outcomes.values()].some((o) => o.exitCode !== 0)) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
