/**
 * Skip a build whose inputs have not changed since it last ran (decision 173).
 *
 * A build step names its inputs (files and folders), the outputs it leaves and
 * how it builds. Its inputs are hashed — every file's path and content, plus
 * the step's own settings — and the hash is recorded next to the outputs once
 * the build has finished (`dist/.build/<name>.json`). The next run builds again
 * unless the record's hash is the one computed now and every output exists: a
 * changed, added or removed source file, a new package-lock.json, a changed
 * configuration or a half-finished build (its record is removed before it
 * starts) all build again; nothing else does.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BuildStep {
  name: string;
  /** Files and folders, relative to the root, whose content the build depends on. */
  inputs: string[];
  /** What else decides the output (e.g. the build mode); any change builds again. */
  settings?: Record<string, string>;
  /** Files the build leaves, relative to the root: a missing one builds again. */
  outputs: string[];
  build(): Promise<void>;
}

/** Folders never read as inputs: installed packages, build outputs, data. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'release', '.data', '.vite', '.git', 'coverage']);
/** Tests are never part of a build. */
const SKIPPED_FILES = /\.test\.tsx?$/;

async function inputFiles(root: string, input: string): Promise<string[]> {
  const full = path.join(root, input);
  const info = await stat(full).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!info) return [];
  if (info.isFile()) return [input];
  const files: string[] = [];
  for (const entry of await readdir(full, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) {
      files.push(...(await inputFiles(root, path.join(input, entry.name))));
    } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
      files.push(path.join(input, entry.name));
    }
  }
  return files;
}

/** The hash of a step's inputs: each file's path (with / separators) and content, and its settings. */
export async function inputsHash(root: string, step: Pick<BuildStep, 'inputs' | 'settings'>): Promise<string> {
  const files = [...new Set((await Promise.all(step.inputs.map((input) => inputFiles(root, input)))).flat())].sort();
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(step.settings ?? {}).sort()));
  for (const file of files) {
    hash.update(`\0${file.split(path.sep).join('/')}\0`);
    hash.update(
      createHash('sha256')
        .update(await readFile(path.join(root, file)))
        .digest(),
    );
  }
  return hash.digest('hex');
}

export function recordFile(root: string, name: string): string {
  return path.join(root, 'dist/.build', `${name}.json`);
}

interface BuildRecord {
  hash: string;
  builtAt: string;
}

async function readRecord(file: string): Promise<BuildRecord | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BuildRecord;
  } catch {
    return null;
  }
}

/** Builds the step unless its last build had the same inputs and left every output; says which happened. */
export async function buildIfChanged(
  root: string,
  step: BuildStep,
  options: { force?: boolean } = {},
): Promise<'built' | 'current'> {
  const hash = await inputsHash(root, step);
  const record = recordFile(root, step.name);
  const last = await readRecord(record);
  const outputsExist = step.outputs.every((output) => existsSync(path.join(root, output)));
  if (!options.force && last?.hash === hash && outputsExist) return 'current';
  // A build that stops half-way leaves no record: the next run builds again.
  await rm(record, { force: true });
  await step.build();
  const missing = step.outputs.filter((output) => !existsSync(path.join(root, output)));
  if (missing.length > 0) throw new Error(`build ${step.name}: ${missing.join(', ')} missing after the build`);
  await mkdir(path.dirname(record), { recursive: true });
  await writeFile(record, `${JSON.stringify({ hash, builtAt: new Date().toISOString() } satisfies BuildRecord)}\n`);
  return 'built';
}
