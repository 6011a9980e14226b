import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface StaticFile {
  body: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function cacheControlFor(urlPath: string): string {
  // Vite puts content-hashed files under /assets: they never change.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : Promise.resolve([full]);
    }),
  );
  return files.flat();
}

/** Prerendered pages carry this token where the public origin belongs (canonical, og:url, JSON-LD). */
export const PUBLIC_URL_TOKEN = '%PUBLIC_URL%';

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** An HTML page made at run time (a live page), compressed once for every visitor who gets it. */
export async function htmlPage(html: string): Promise<StaticFile> {
  const body = Buffer.from(html);
  const [brotli, gzip] = await Promise.all([
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { body, brotli, gzip, type: TYPES['.html']!, etag: etagOf(body), cacheControl: cacheControlFor('.html') };
}

/**
 * Loads the built web app into memory (a few MB), so serving a file is a map
 * lookup. Assets come with the .br/.gz siblings the build wrote; HTML pages get
 * the public origin filled in and are compressed here, once per start. Build
 * metadata and source maps are left out: they are never served.
 */
export async function loadStaticFiles(root: string, publicUrl: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  const all = await walk(root);
  const present = new Set(all);
  const compressing: Promise<void>[] = [];
  for (const file of all) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const relative = path.relative(root, file).split(path.sep);
    // Build metadata such as .vite/manifest.json is not for the public.
    if (relative.some((segment) => segment.startsWith('.'))) continue;
    const ext = path.extname(file);
    // Source maps stay on disk for whoever reads the server's error reports; visitors never get them (decision 064).
    if (ext === '.map') continue;
    const urlPath = `/${relative.join('/')}`;
    let body = await readFile(file);
    let brotli = present.has(`${file}.br`) ? await readFile(`${file}.br`) : undefined;
    let gzip = present.has(`${file}.gz`) ? await readFile(`${file}.gz`) : undefined;
    if (ext === '.html' || ext === '.xml' || ext === '.txt') {
      const text = body.toString('utf8');
      if (text.includes(PUBLIC_URL_TOKEN)) {
        body = Buffer.from(text.replaceAll(PUBLIC_URL_TOKEN, publicUrl));
        brotli = undefined;
        gzip = undefined;
      }
      if (!brotli && body.length >= 1024) {
        // Compressed on libuv's threads, every page at once: the start waits for the slowest, not for the sum.
        const page = body;
        compressing.push(
          Promise.all([
            brotliAsync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
            gzipAsync(page, { level: 9 }),
          ]).then(([pageBrotli, pageGzip]) => {
            const file = files.get(urlPath)!;
            files.set(urlPath, { ...file, brotli: pageBrotli, gzip: pageGzip });
          }),
        );
      }
    }
    files.set(urlPath, {
      body,
      brotli,
      gzip,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: etagOf(body),
      cacheControl: cacheControlFor(urlPath),
    });
  }
  await Promise.all(compressing);
  return files;
}
