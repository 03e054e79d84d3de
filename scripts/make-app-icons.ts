/**
 * `node scripts/make-app-icons.ts`: draws the installable app's PNG icons (web app manifest, iOS home
 * screen) from `apps/web/public/favicon.svg` into `apps/web/public/icons/`. The PNGs are committed, so
 * the web build needs no image library; run this again after changing the logo.
 * - `icon-<size>.png`: the logo as it is (rounded square), for `purpose: any`;
 * - `maskable-<size>.png`: the mark inside the 80 % safe zone on a full-bleed background, for
 *   launchers that cut their own shape (`purpose: maskable`);
 * - `apple-touch-icon.png`: 180 px, full-bleed (iOS rounds it itself).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
export const anySizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
export const maskableSizes = [192, 512] as const;
const brand = '#ff5a1f';

const logo = (await readFile(path.join(publicDir, 'favicon.svg'), 'utf8')).trim();
// The mark alone (no rounded background): scaled into the safe zone of a full-bleed square.
const mark = logo.replace(/<rect[^>]*\/>/, '').replace(/<title>.*?<\/title>/, '');
function fullBleed(scale: number): string {
  const offset = (64 - 64 * scale) / 2;
  const inner = mark.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

async function draw(svg: string, size: number, file: string) {
  const png = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(publicDir, 'icons', file), png);
}

for (const size of anySizes) await draw(logo, size, `icon-${size}.png`);
for (const size of maskableSizes) await draw(fullBleed(0.8), size, `maskable-${size}.png`);
await draw(fullBleed(0.9), 180, 'apple-touch-icon.png');
console.log(`icons written to ${path.join(publicDir, 'icons')}`);
