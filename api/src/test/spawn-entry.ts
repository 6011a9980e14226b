import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface SpawnedEntry {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Waits until stdout or stderr matches (rejects if the process ends first or after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs one of the project's real entry points (api/src/main.ts, a CLI) as
 * its own Node process through tsx, with exactly the environment given
 * (plus PATH and HOME), from the repository root.
 */
export function spawnEntry(script: string, env: Record<string, string>, args: string[] = []): SpawnedEntry {
  return spawnEntryThrough(process.execPath, ['--import', 'tsx', path.resolve(script), ...args], env);
}

/** Like spawnEntry, for any command (e.g. an entry point run under `script` for a terminal). */
export function spawnEntryThrough(command: string, args: string[], env: Record<string, string>): SpawnedEntry {
  const child = spawn(command, args, {
    cwd: path.resolve('.'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    changed();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    changed();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    changed();
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(stdout) || pattern.test(stderr)) return done(resolve);
          if (ended) done(() => reject(new Error(`exited before ${pattern}:\n${stdout}\n${stderr}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${stdout}\n${stderr}`))),
          timeoutMs,
        );
        const done = (finish: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          finish();
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}
