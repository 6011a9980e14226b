import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The npm packages code loads at run time: bundled as `npm run build:api`
 * bundles the server (every package left external), so what remains as an
 * import is what `node_modules` must hold in production.
 */
async function packagesLoadedBy(entryPoints: string[]): Promise<string[]> {
  const result = await build({
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    write: false,
    metafile: true,
    outdir: 'dist/runtime-dependencies-check',
    logLevel: 'silent',
  });
  const names = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
      const [first = '', second = ''] = path.split('/');
      names.add(first.startsWith('@') ? `${first}/${second}` : first);
    }
  }
  return [...names];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

describe('production dependencies (decision 063)', () => {
  it('are exactly what the server and the command-line tools load, and tsx, which runs the tools', async () => {
    const server = await packagesLoadedBy(['api/src/main.ts']);
    // `npm run migrate`, `user:create`, `user:role` and `stripe:sync-plans` run from source with tsx, as does `postinstall`.
    const tools = await packagesLoadedBy([
      'api/src/cli/migrate.ts',
      'api/src/cli/create-user.ts',
      'api/src/cli/set-user-role.ts',
      'api/src/cli/sync-stripe-plans.ts',
      'scripts/install-electron.ts',
    ]);
    // Packages the server reads files of (not imports): the invoice's typeface (api/src/modules/billing/billing-pdf.ts).
    const readAsFiles = ['dejavu-fonts-ttf'];
    const needed = new Set([...server, ...tools, ...readAsFiles, 'tsx']);
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...needed].sort());
  });
});
