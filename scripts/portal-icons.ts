/**
 * Draws the owner portal's app icons (client/public/portal/icons/*.png) from icon.svg with the system
 * Chromium, once; the PNGs are committed, so builds and the running app need no rasterizer and no network.
 * Run again after changing icon.svg: `npx tsx scripts/portal-icons.ts` (CHROMIUM_PATH if not /usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve('client/public/portal/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
// The glyph sits inside the middle 60 %, so the 512 icon also serves as "maskable" (Android crops to a circle).
const SIZES: Record<string, number> = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon.png': 180 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
});
try {
  for (const [file, size] of Object.entries(SIZES)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(dir, file), omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
