/**
 * Draws the console's PNG images from SVG with Chromium (playwright-core):
 * the app icon for the installers (desktop/build/icon.png, 1024 px), the
 * notification icon and the Windows taskbar overlays with the unread count
 * (desktop/assets/). The PNGs are committed; run `npm run desktop:icons`
 * after changing desktop/build/icon.svg or the overlay drawing below.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { OVERLAY_MAX } from '../src/main/badge';

const root = path.resolve('desktop');

function overlaySvg(label: string): string {
  const fontSize = label.length > 1 ? 17 : 22;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <circle cx="16" cy="16" r="15" fill="#dc2626" stroke="#ffffff" stroke-width="2"/>
  <text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700"
    font-size="${fontSize}" fill="#ffffff">${label}</text>
</svg>`;
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();

async function draw(svg: string, size: number, file: string): Promise<void> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await writeFile(
    file,
    await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
  );
}

const icon = await readFile(path.join(root, 'build/icon.svg'), 'utf8');
await draw(icon, 1024, path.join(root, 'build/icon.png'));
await draw(icon, 256, path.join(root, 'assets/icon.png'));
for (let count = 1; count <= OVERLAY_MAX; count += 1) {
  await draw(overlaySvg(String(count)), 32, path.join(root, `assets/overlay-${count}.png`));
}
await draw(overlaySvg(`${OVERLAY_MAX}+`), 32, path.join(root, 'assets/overlay-9plus.png'));
await browser.close();
console.log('Drew desktop/build/icon.png and desktop/assets/*.png');
