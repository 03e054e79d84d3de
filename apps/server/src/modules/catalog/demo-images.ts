import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imagePlaceholder } from '../uploads/index.ts';
import { type CategorySlug, categoryHues, glyph, hsl } from './art.ts';
import { uploadUrl, writeFileOnce } from './categories.service.ts';

/**
 * Demo pictures drawn here as SVG and encoded to WebP with sharp: nothing is downloaded. Names
 * are stable, so a re-seed finds the files already there and skips the work.
 */

const demoFolder = ['catalog', 'demo'] as const;

export interface ImageJob {
  name: string;
  svg: () => string;
  width: number;
  height: number;
}

export interface RenderedImage {
  url: string;
  /** Its blurred stand-in (ADR 0014), delivered with the product, shop or banner. */
  placeholder: string;
}

/** Renders the jobs whose files are missing, a few at a time; returns each job's public URL and stand-in. */
export async function renderImages(
  uploadDir: string,
  jobs: readonly ImageJob[],
  concurrency = 4,
): Promise<RenderedImage[]> {
  const placeholders: string[] = [];
  // Loaded here, not at start: only a first demo seed draws pictures (bench/memory.ts).
  const { default: sharp } = await import('sharp');
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index] as ImageJob;
      const file = path.join(uploadDir, ...demoFolder, job.name);
      const encode = () =>
        sharp(Buffer.from(job.svg())).resize(job.width, job.height).webp({ quality: 78, effort: 0 }).toBuffer();
      // A re-seed finds the file there: its stand-in is made from the stored bytes.
      const encoded = await encode();
      const written = await writeFileOnce(file, encoded);
      placeholders[index] = await imagePlaceholder(written ? encoded : await readFile(file));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return jobs.map((job, index) => ({
    url: uploadUrl(...demoFolder, job.name),
    placeholder: placeholders[index] ?? '',
  }));
}

const svgOpen = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;

/** The main product photo: the category glyph on a soft studio backdrop. */
export function productMainSvg(slug: CategorySlug, variant: number): string {
  const hue = (categoryHues[slug] + ((variant * 23) % 60) - 30 + 360) % 360;
  const tilt = ((variant * 7) % 13) - 6;
  const cx = 220 + ((variant * 37) % 160);
  return `${svgOpen(600, 600)}<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 95)}"/><stop offset="1" stop-color="${hsl((hue + 25) % 360, 60, 82)}"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs><rect width="600" height="600" fill="url(#bg)"/><circle cx="${cx}" cy="230" r="230" fill="url(#glow)"/><circle cx="${600 - cx}" cy="470" r="90" fill="${hsl((hue + 40) % 360, 70, 75)}" opacity="0.35"/><ellipse cx="300" cy="500" rx="170" ry="22" fill="${hsl(hue, 30, 40)}" opacity="0.18"/><g transform="translate(300 300) rotate(${tilt}) scale(3.6) translate(-50 -50)">${glyph(slug, hsl(hue, 65, 45), hsl(hue, 70, 92))}</g></svg>`;
}

/** A second photo: the glyph on a dark backdrop with the colour swatches of the range. */
export function productDetailSvg(slug: CategorySlug, variant: number): string {
  const hue = (categoryHues[slug] + ((variant * 41) % 80) - 40 + 360) % 360;
  const dots = Array.from({ length: 36 }, (_, index) => {
    const x = 40 + (index % 6) * 104;
    const y = 40 + Math.floor(index / 6) * 104;
    return `<circle cx="${x}" cy="${y}" r="6" fill="#ffffff" opacity="0.08"/>`;
  }).join('');
  const swatches = [0, 1, 2, 3]
    .map(
      (index) =>
        `<circle cx="${216 + index * 56}" cy="530" r="18" fill="${hsl((hue + index * 70) % 360, 65, 55)}" stroke="#ffffff" stroke-width="4"/>`,
    )
    .join('');
  return `${svgOpen(600, 600)}<rect width="600" height="600" fill="${hsl(hue, 45, 22)}"/>${dots}<circle cx="300" cy="260" r="190" fill="${hsl(hue, 55, 32)}"/><g transform="translate(300 260) scale(2.6) translate(-50 -50)">${glyph(slug, '#ffffff', hsl(hue, 55, 32))}</g>${swatches}</svg>`;
}

/** A shop logo: its main category's glyph on a round badge. */
export function shopLogoSvg(slug: CategorySlug, index: number): string {
  const hue = (categoryHues[slug] + index * 29) % 360;
  return `${svgOpen(200, 200)}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 75, 58)}"/><stop offset="1" stop-color="${hsl((hue + 35) % 360, 70, 42)}"/></linearGradient></defs><circle cx="100" cy="100" r="100" fill="url(#g)"/><circle cx="100" cy="100" r="84" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.5"/><g transform="translate(100 100) scale(1.1) translate(-50 -50)">${glyph(slug, '#ffffff', hsl(hue, 75, 52))}</g></svg>`;
}

/** A shop banner: a wide gradient with its categories' glyphs. */
export function shopBannerSvg(slugs: readonly CategorySlug[], index: number): string {
  const first = slugs[0] ?? 'home';
  const hue = (categoryHues[first] + index * 29) % 360;
  const pattern = Array.from({ length: 14 }, (_, position) => {
    const slug = slugs[position % slugs.length] ?? first;
    const x = 20 + (position % 7) * 110;
    const y = position < 7 ? 20 : 160;
    return `<g transform="translate(${x} ${y}) scale(0.8)" opacity="0.12">${glyph(slug, '#ffffff', hsl(hue, 60, 45))}</g>`;
  }).join('');
  return `${svgOpen(750, 300)}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(hue, 65, 45)}"/><stop offset="1" stop-color="${hsl((hue + 50) % 360, 70, 60)}"/></linearGradient></defs><rect width="750" height="300" fill="url(#g)"/>${pattern}<circle cx="600" cy="150" r="110" fill="#ffffff" opacity="0.2"/><g transform="translate(600 150) scale(1.5) translate(-50 -50)">${glyph(first, '#ffffff', hsl(hue, 60, 55))}</g></svg>`;
}

/** A home banner: a bright gradient with a row of featured glyphs. */
export function homeBannerSvg(slugs: readonly CategorySlug[], hue: number): string {
  const items = slugs
    .map((slug, index) => {
      const x = 150 + index * 150;
      const y = index % 2 === 0 ? 130 : 190;
      return `<circle cx="${x}" cy="${y}" r="62" fill="#ffffff" opacity="0.9"/><g transform="translate(${x} ${y}) scale(0.85) translate(-50 -50)">${glyph(slug, hsl((hue + index * 40) % 360, 70, 48), '#ffffff')}</g>`;
    })
    .join('');
  return `${svgOpen(750, 320)}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 85, 55)}"/><stop offset="1" stop-color="${hsl((hue + 60) % 360, 80, 45)}"/></linearGradient></defs><rect width="750" height="320" fill="url(#g)"/><circle cx="60" cy="40" r="120" fill="#ffffff" opacity="0.12"/><circle cx="700" cy="300" r="160" fill="#ffffff" opacity="0.1"/>${items}</svg>`;
}
