/**
 * `npm run bench:start`: how long `npm start` takes on a fresh clone until
 * /healthz answers — the first start (no build, no database: everything is
 * built and the embedded PostgreSQL is created), then a second start of the
 * same clone (nothing changed: the builds are skipped, the database exists).
 *
 * The clone is a copy of this checkout's files (tracked and untracked, not
 * ignored: no dist/, no .data/) in a temporary directory, with node_modules
 * linked, as `npm install` would leave it. Goal: first start < 15 s.
 */
import { spawn, execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../api/src/test/global-setup';
import { recordFigure } from './figures';
import { machine } from './support';

const TIMEOUT_MS = 180_000;

/** BENCH_START_REF=<commit>: time that commit instead of this checkout's files (to compare before and after). */
const REF = process.env.BENCH_START_REF;

async function copyCheckout(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'northstar-start-'));
  if (REF) {
    execFileSync('sh', ['-c', `git archive --format=tar "$REF" | tar -x -C "$DIR"`], {
      env: { ...process.env, REF, DIR: dir },
    });
    await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    return dir;
  }
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    // A tracked file deleted in this checkout is not part of it.
    await cp(file, path.join(dir, file)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Starts `npm start` in `dir` and resolves with the seconds until /healthz answered 200; stops it after. */
async function timeStart(dir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: path.join(dir, '.data'),
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const log = path.join(dir, `start-${Date.now()}.log`);
  const { openSync } = await import('node:fs');
  const out = openSync(log, 'w');
  const started = performance.now();
  // Its own process group, so that stopping it stops npm, node and PostgreSQL together.
  const child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', out, out] });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    for (;;) {
      if (exited) throw new Error(`npm start exited; its output:\n${await readFile(log, 'utf8')}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`no /healthz after ${TIMEOUT_MS / 1000} s`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (!exited) {
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await stopped;
      // npm leaves once node has; give the server's own shutdown (PostgreSQL) its moment.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const dir = await copyCheckout();
try {
  console.log(
    `${REF ? `Commit ${REF}` : 'This checkout'}: ${machine()}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const first = await timeStart(dir);
  const second = await timeStart(dir);
  console.table([
    { start: 'first (fresh clone: builds, new database)', seconds: first.toFixed(1) },
    { start: 'second (nothing changed)', seconds: second.toFixed(1) },
  ]);
  recordFigure({ id: 'first-start', value: first });
  recordFigure({ id: 'second-start', value: second });
} finally {
  // As root the database went where the postgres user can reach it (DATA_DIR/postgres-location says where).
  const location = await readFile(path.join(dir, '.data', 'postgres-location'), 'utf8').catch(() => null);
  if (location) await rm(path.dirname(location.trim()), { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
}
