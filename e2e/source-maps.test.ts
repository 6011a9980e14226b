import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteServer } from './support/server';

const server = useSiteServer();
const assetsDir = path.resolve('dist/web/assets');

describe('source maps of the production build', () => {
  it('are kept on the server but neither referenced by the scripts nor served', async () => {
    const assets = await readdir(assetsDir);
    const maps = assets.filter((file) => file.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const script = map.slice(0, -'.map'.length);
      expect(await readFile(path.join(assetsDir, script), 'utf8')).not.toContain('sourceMappingURL');
      expect((await fetch(`${server.url}/assets/${script}`)).status).toBe(200);
      const res = await fetch(`${server.url}/assets/${map}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('"mappings"');
    }
  });
});
