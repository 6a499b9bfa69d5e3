// Rasterises logo.svg into the PWA icons with headless Chromium (playwright-core).
// Run from the repo root: node public/icons/render-icons.mjs
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const svg = await readFile(`${dir}logo.svg`, 'utf8');
// Maskable: full-bleed square background, mark scaled into the 80% safe zone.
const maskable = svg
  .replace('rx="112"', 'rx="0"')
  .replace('<g id="mark">', '<g id="mark" transform="translate(256 256) scale(0.78) translate(-256 -256)">');

const targets = [
  { file: 'icon-192.png', size: 192, svg },
  { file: 'icon-512.png', size: 512, svg },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const t of targets) {
    const page = await browser.newPage({ viewport: { width: t.size, height: t.size } });
    const html = `<html><body style="margin:0;background:transparent">${t.svg.replace('<svg ', `<svg width="${t.size}" height="${t.size}" `)}</body></html>`;
    await page.setContent(html);
    await page.screenshot({ path: `${dir}${t.file}`, omitBackground: true, clip: { x: 0, y: 0, width: t.size, height: t.size } });
    await page.close();
    console.log('wrote', t.file);
  }
} finally {
  await browser.close();
}
