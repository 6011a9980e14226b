/**
 * Draws the site's PNG images with Chromium (playwright-core), in the brand
 * font: the Open Graph image of each kind of page (web/public/og/*.png,
 * 1200×630, from shared/src/site/og-images.ts and the drawings in
 * web/public/images), and the icons drawn from web/public/favicon.svg —
 * favicon.ico (16, 32 and 48 px), apple-touch-icon.png (180 px) and the web
 * manifest's 192 and 512 px icons. The PNGs are committed; run
 * `npm run site:images` after changing those texts, drawings or the icon.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { company } from '../shared/src/site/company';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImages, type OgImage } from '../shared/src/site/og-images';

const publicDir = path.resolve('web/public');
const fontFile = createRequire(import.meta.url).resolve(
  '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
);

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function ogHtml(image: OgImage, favicon: string): string {
  const art = pathToFileURL(path.join(publicDir, 'images', `${image.art}.svg`)).href;
  return `<!doctype html><html><head><style>
  @font-face { font-family: Brand; src: url('${pathToFileURL(fontFile).href}') format('woff2'); font-weight: 200 800; }
  * { box-sizing: border-box; }
  body { margin: 0; width: ${OG_IMAGE_WIDTH}px; height: ${OG_IMAGE_HEIGHT}px; font-family: Brand, sans-serif; color: #fff;
    background: radial-gradient(ellipse 60% 80% at 90% 0%, rgb(37 99 235 / .45), transparent 70%),
      linear-gradient(rgb(255 255 255 / .05) 1px, transparent 1px), linear-gradient(90deg, rgb(255 255 255 / .05) 1px, transparent 1px), #0b1f3a;
    background-size: auto, 40px 40px, 40px 40px, auto; display: grid; grid-template-columns: 1fr 470px; gap: 40px;
    padding: 64px 64px 56px; overflow: hidden; }
  .text { display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 16px; font-size: 30px; font-weight: 700; }
  .brand img { width: 60px; height: 60px; }
  h1 { font-size: 58px; line-height: 1.08; letter-spacing: -0.02em; font-weight: 800; margin: 56px 0 0; }
  p { font-size: 27px; line-height: 1.35; color: #cbd5e1; margin: 24px 0 0; }
  .foot { margin-top: auto; font-size: 22px; font-weight: 600; color: #93c5fd; }
  .art { align-self: center; width: 470px; border-radius: 24px; }
  </style></head><body>
  <div class="text">
    <div class="brand"><img src="data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}" alt="">${escape(company.name)}</div>
    <h1>${escape(image.title)}</h1>
    <p>${escape(image.subtitle)}</p>
    <div class="foot">${escape(`${company.address.locality}, ${company.address.region} · Enterprise IT nationwide`)}</div>
  </div>
  <img class="art" src="${art}" alt="">
  </body></html>`;
}

async function drawPage(page: Page, html: string, dir: string, width: number, height: number): Promise<Buffer> {
  const file = path.join(dir, 'draw.html');
  await writeFile(file, html);
  await page.setViewportSize({ width, height });
  await page.goto(pathToFileURL(file).href);
  // The font and the drawings are in before the shot (a string: this runs in the page, not in Node).
  await page.evaluate('document.fonts.ready.then(() => Promise.all([...document.images].map((img) => img.decode())))');
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width, height } });
}

/** A .ico holding PNG images (every browser since IE 11 reads them). */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + i * 16;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const iconHtml = (size: number, padding: number) =>
  `<!doctype html><html><body style="margin:0;background:${padding ? '#0b1f3a' : 'transparent'}"><img style="display:block;width:${size - 2 * padding}px;height:${size - 2 * padding}px;margin:${padding}px" src="data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}"></body></html>`;

const work = await mkdtemp(path.join(os.tmpdir(), 'northstar-draw-'));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const page = await browser.newPage();
  await mkdir(path.join(publicDir, 'og'), { recursive: true });
  for (const image of ogImages) {
    const png = await drawPage(page, ogHtml(image, favicon), work, OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT);
    await writeFile(path.join(publicDir, 'og', `${image.name}.png`), png);
  }
  // Home-screen icons get a full-bleed background (iOS rounds the corners itself).
  await writeFile(path.join(publicDir, 'apple-touch-icon.png'), await drawPage(page, iconHtml(180, 0), work, 180, 180));
  for (const size of [192, 512]) {
    await writeFile(
      path.join(publicDir, `icon-${size}.png`),
      await drawPage(page, iconHtml(size, 0), work, size, size),
    );
  }
  const sizes = [16, 32, 48];
  const pngs = [];
  for (const size of sizes) pngs.push({ size, png: await drawPage(page, iconHtml(size, 0), work, size, size) });
  await writeFile(path.join(publicDir, 'favicon.ico'), icoOf(pngs));
  console.log(`Drew ${ogImages.length} Open Graph images, favicon.ico, apple-touch-icon.png and the manifest icons.`);
} finally {
  await browser.close();
  await rm(work, { recursive: true, force: true });
}
