import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Who started the embedded PostgreSQL running on a DATA_DIR. A server whose
 * starter is gone (its terminal closed, a crash, a kill) is left behind: the
 * next start stops it and goes on instead of refusing (issue: "another npm
 * start uses it" though none runs).
 */

/** Where the process that started the server on a DATA_DIR says who it is (pid and start time). */
const OWNER_FILE = 'postgres-owner.json';

/** Records this process as the one that started the server on DATA_DIR. */
export async function recordOwner(dataDir: string): Promise<void> {
  await writeFile(
    path.join(dataDir, OWNER_FILE),
    `${JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) })}\n`,
  );
}

/** Forgets the owner once the server it started has stopped. */
export async function forgetOwner(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, OWNER_FILE), { force: true });
}

/** A process's start time (in clock ticks since boot, Linux), to tell it from a later process given the same pid. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid of the process that started the server running on DATA_DIR when
 * that process no longer exists (a terminal closed under it, a crash), or
 * null: it still runs, or nothing says who started the server.
 */
export async function departedOwner(dataDir: string): Promise<number | null> {
  const text = await readFile(path.join(dataDir, OWNER_FILE), 'utf8').catch(() => '');
  let owner: { pid?: unknown; started?: unknown };
  try {
    owner = JSON.parse(text) as typeof owner;
  } catch {
    return null;
  }
  if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return null;
  if (!processExists(owner.pid)) return owner.pid;
  const started = processStartTime(owner.pid);
  return started !== null && typeof owner.started === 'string' && started !== owner.started ? owner.pid : null;
}

/** Stops the PostgreSQL server running on `databaseDir` (fast shutdown) and waits until it is gone; false if it stays. */
export async function stopLeftBehind(databaseDir: string): Promise<boolean> {
  const lock = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(lock.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return true;
  }
  for (let waited = 0; processExists(pid) && waited < 30_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processExists(pid);
}
