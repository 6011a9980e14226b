/**
 * Staff consoles as load for the benchmarks (bench:admin, bench:tickets,
 * bench:quotes, bench:reports): each staff member on a kept-alive connection
 * of their own, asking, reading the answer, pausing as people do (or not at
 * all, for capacity). Decision 148.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './chat-support';

export interface Call {
  kind: string;
  path: string;
}

/**
 * One GET on a staff member's own kept-alive connection, the body read to its end: node:http rather than fetch,
 * whose per-request cost in this process (on the same cores as the server) was a third of the server's own.
 */
export function staffGet(url: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface LoadResult {
  seconds: number;
  latencies: Map<string, number[]>;
  all: number[];
  errors: number;
}

/**
 * `seconds` of every staff member going through `mix` on their own kept-alive connection, pausing `thinkMs`
 * (spread ±50%, so they do not ask in step) between an answer and their next request; 0: no pause, flat out.
 */
export async function runStaffLoad({
  serverUrl,
  staff,
  agents,
  mix,
  thinkMs,
  seconds,
}: {
  serverUrl: string;
  staff: { cookie: string; address?: string }[];
  agents: http.Agent[];
  mix: Call[];
  thinkMs: number;
  seconds: number;
}): Promise<LoadResult> {
  const latencies = new Map<string, number[]>(mix.map((call) => [call.kind, []]));
  const all: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    staff.map(async (member, index) => {
      let n = index;
      // Start spread over one pause, as people do not all click at the same instant.
      if (thinkMs > 0) await sleep(Math.random() * thinkMs);
      while (performance.now() < deadline) {
        const call = mix[n % mix.length]!;
        n += 1;
        const started = performance.now();
        const headers: Record<string, string> = { Cookie: member.cookie };
        if (member.address) headers['X-Forwarded-For'] = member.address;
        const status = await staffGet(`${serverUrl}${call.path}`, headers, agents[index]!);
        const ms = performance.now() - started;
        if (status !== 200) errors += 1;
        latencies.get(call.kind)!.push(ms);
        all.push(ms);
        if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  all.sort((a, b) => a - b);
  return { seconds, latencies, all, errors };
}

export function printLoad(title: string, result: LoadResult, alone: Map<string, number>): void {
  const { all, latencies, errors, seconds } = result;
  console.log(
    `\n${title}: ${seconds} s, ${all.length.toLocaleString('en-US')} requests (${Math.round(all.length / seconds)}/s), ${errors} errors\n`,
  );
  console.log('| Call | Alone, median (ms) | Requests | p50 (ms) | p99 (ms) |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [kind, values] of latencies) {
    values.sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${alone.get(kind)!.toFixed(1)} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} |`,
    );
  }
  console.log(`| **all** | | ${all.length} | ${percentile(all, 50).toFixed(1)} | ${percentile(all, 99).toFixed(1)} |`);
}

/**
 * Each call alone, five times on one connection (a warm-up, a check that it answers 200, and its latency without a
 * queue): the median per kind, and whether any answer was not 200 (each such answer is printed).
 */
export async function callsAlone(
  serverUrl: string,
  mix: Call[],
  cookie: string,
  agent: http.Agent,
  /** Run before each call, not timed (the reports bench changes data so that each call computes afresh). */
  before?: () => Promise<void>,
): Promise<{ alone: Map<string, number>; failed: boolean }> {
  const alone = new Map<string, number>();
  let failed = false;
  for (const call of mix) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      if (before) await before();
      const started = performance.now();
      const status = await staffGet(`${serverUrl}${call.path}`, { Cookie: cookie }, agent);
      times.push(performance.now() - started);
      if (status !== 200) {
        console.error(`${call.kind}: ${status}`);
        failed = true;
      }
    }
    alone.set(call.kind, times.sort((a, b) => a - b)[2]!);
  }
  return { alone, failed };
}

/** The session cookie of a staff member who signs in with a password. */
export async function staffCookie(serverUrl: string, user: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${serverUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (!login.ok) throw new Error(`staff login failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A screen asked for by every console: its requests go round `paths`. */
export interface Scenario {
  name: string;
  paths: string[];
}

export interface ScenarioResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/**
 * Each scenario in turn: `connections` consoles with one session, each on a connection of its own, pausing `thinkMs`
 * (±50%) after each answer; 2 seconds of warm-up, then `seconds` measured.
 */
export async function runScenarios({
  serverUrl,
  cookie,
  connections,
  thinkMs,
  seconds,
  scenarios,
}: {
  serverUrl: string;
  cookie: string;
  connections: number;
  thinkMs: number;
  seconds: number;
  scenarios: Scenario[];
}): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const consoles = Array.from({ length: connections }, () => ({ cookie }));
  for (const scenario of scenarios) {
    const agents = consoles.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const mix = scenario.paths.map((path) => ({ kind: scenario.name, path }));
    await runStaffLoad({ serverUrl, staff: consoles, agents, mix, thinkMs, seconds: 2 });
    const { all, errors } = await runStaffLoad({ serverUrl, staff: consoles, agents, mix, thinkMs, seconds });
    for (const agent of agents) agent.destroy();
    results.push({
      name: scenario.name,
      rps: Math.round(all.length / seconds),
      p50: Math.round(percentile(all, 50)),
      p99: Math.round(percentile(all, 99)),
      failed: errors,
    });
  }
  return results;
}

export function printScenarios(title: string, results: ScenarioResult[]): void {
  console.log(`\n${title}\n`);
  console.log('| Scenario | Requests/s | p50 (ms) | p99 (ms) | Failed |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failed} |`);
}
