/**
 * Builds the console's main process and preload (esbuild, CommonJS: a
 * sandboxed preload cannot be an ES module) and copies the runtime images.
 * The renderer is built by Vite first (desktop/vite.config.ts); see
 * `npm run build:desktop`.
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const root = path.resolve('desktop');
const dist = path.join(root, 'dist');

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  external: ['electron'],
  alias: { '@shared': path.resolve('shared/src') },
  logLevel: 'warning',
};

await Promise.all([
  rm(path.join(dist, 'main'), { recursive: true, force: true }),
  rm(path.join(dist, 'preload'), { recursive: true, force: true }),
]);
await Promise.all([
  build({ ...common, entryPoints: [path.join(root, 'src/main/index.ts')], outfile: path.join(dist, 'main/index.cjs') }),
  build({
    ...common,
    entryPoints: [path.join(root, 'src/preload/index.ts')],
    outfile: path.join(dist, 'preload/index.cjs'),
  }),
]);
await mkdir(path.join(dist, 'assets'), { recursive: true });
await cp(path.join(root, 'assets'), path.join(dist, 'assets'), { recursive: true });
