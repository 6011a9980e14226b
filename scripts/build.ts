/**
 * `npm start`, `npm run build` and `npm run build:<name>`: the production
 * builds, each skipped when its inputs have not changed since it last ran
 * (scripts/build-cache.ts, decision 173).
 *
 *   tsx scripts/build.ts [web] [api] [desktop] [--force]
 *
 * No name: all three. `--force` builds even when nothing changed.
 *
 * A build is the same whatever NODE_ENV says while building: this process
 * builds in production mode (React's production JSX runtime, Vite's
 * `mode: 'production'`), so `NODE_ENV=development npm start` followed by
 * `NODE_ENV=production npm run serve` serves a working build.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfChanged, type BuildStep } from './build-cache';

/** Vite and its React plugin choose the JSX runtime by NODE_ENV: a build is always a production build. */
process.env.NODE_ENV = 'production';
const MODE = 'production';

/** Files every build depends on: the installed packages (by their lock file) and the TypeScript settings. */
const COMMON_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build.ts',
  'scripts/build-cache.ts',
];

/** The client build (dist/web) or the server-rendering build of the same app (dist/ssr), by Vite. */
export async function viteBuildWeb(target: 'client' | 'ssr', outDir?: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: path.resolve('web/vite.config.ts'),
    mode: MODE,
    logLevel: 'warn',
    build: {
      ...(target === 'ssr' ? { ssr: 'src/entry-server.tsx' } : {}),
      ...(outDir ? { outDir } : {}),
    },
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export const buildSteps: Record<string, BuildStep> = {
  /** The site: both Vite builds, then the prerendered pages (scripts/prerender.ts). */
  web: {
    name: 'web',
    inputs: [
      ...COMMON_INPUTS,
      'web',
      'shared',
      'scripts/prerender.ts',
      // The prerenderer writes the live pages' templates the server reads (decision 090).
      'api/src/modules/site',
    ],
    settings: { mode: MODE },
    outputs: ['dist/web/404.html', 'dist/web/.vite/manifest.json', 'dist/ssr/entry-server.js'],
    async build() {
      // Side by side: each build spends much of its time waiting on the other's single-threaded parts.
      await Promise.all([viteBuildWeb('client'), viteBuildWeb('ssr')]);
      const { prerender } = await import('./prerender');
      await prerender();
    },
  },
  /** The server: one ES module with its npm packages left external (decision 063). */
  api: {
    name: 'api',
    inputs: [...COMMON_INPUTS, 'api/src', 'shared', 'migrations', 'knexfile.ts'],
    settings: { target: 'node20' },
    outputs: ['dist/api/main.js'],
    async build() {
      const esbuild = await import('esbuild');
      await esbuild.build({
        entryPoints: ['api/src/main.ts'],
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        outfile: 'dist/api/main.js',
      });
    },
  },
  /** The Electron console: its renderer (Vite, from the web app's features), main process and preload. */
  desktop: {
    name: 'desktop',
    inputs: [...COMMON_INPUTS, 'desktop', 'web', 'shared'],
    settings: { mode: MODE },
    outputs: ['desktop/dist/renderer/index.html', 'desktop/dist/main/index.cjs', 'desktop/dist/preload/index.cjs'],
    async build() {
      const { build } = await import('vite');
      await build({ configFile: path.resolve('desktop/vite.config.ts'), mode: MODE, logLevel: 'warn' });
      await run(process.execPath, ['--import', 'tsx', 'desktop/scripts/build.ts']);
    },
  },
};

async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const names = args.filter((arg) => arg !== '--force');
  const unknown = names.filter((name) => !(name in buildSteps));
  if (unknown.length > 0) {
    throw new Error(`unknown build ${unknown.join(', ')}: choose from ${Object.keys(buildSteps).join(', ')}`);
  }
  // The builds are independent: side by side, each fills the other's waits.
  await Promise.all(
    (names.length > 0 ? names : Object.keys(buildSteps)).map(async (name) => {
      const started = performance.now();
      const outcome = await buildIfChanged(process.cwd(), buildSteps[name]!, { force });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        outcome === 'built' ? `build ${name}: built in ${seconds} s` : `build ${name}: up to date (sources unchanged)`,
      );
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`Build failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
