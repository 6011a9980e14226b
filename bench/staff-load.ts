/**
 * Staff consoles as load for the benchmarks (bench:admin, bench:tickets): each
 * staff member on a kept-alive connection of their own, asking, reading the
 * answer, pausing as people do (or not at all, for capacity). Decision 148.
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
