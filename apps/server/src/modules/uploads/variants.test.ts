import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { imagePlaceholder } from './placeholder.ts';
import { localStorage } from './storage.ts';
import { parseVariantPath, variantFile } from './variants.ts';

describe('parseVariantPath', () => {
  it('reads width, format and the original of a listed copy', () => {
    expect(parseVariantPath('/uploads/_v/320/catalog/demo/p-1.webp.avif')).toEqual({
      width: 320,
      format: 'avif',
      source: 'catalog/demo/p-1.webp',
    });
    expect(parseVariantPath('/uploads/_v/160/product/ab12.jpg.webp?retry=1')?.source).toBe('product/ab12.jpg');
  });

  it('refuses unlisted sizes and formats, path tricks and non-pictures', () => {
    for (const url of [
      '/uploads/_v/321/product/a.jpg.webp',
      '/uploads/_v/0320/product/a.jpg.webp',
      '/uploads/_v/320/product/a.jpg.gif',
      '/uploads/_v/320/product/../../etc/passwd.jpg.webp',
      '/uploads/_v/320/product/.hidden.jpg.webp',
      '/uploads/_v/320/_v/320/product/a.jpg.webp.webp',
      '/uploads/_v/320/catalog/categories/home.svg.webp',
      '/uploads/_v/320/a.jpg.webp',
      '/uploads/product/a.jpg',
    ]) {
      expect(parseVariantPath(url), url).toBeUndefined();
    }
  });
});

describe('variantFile', () => {
  it('encodes a copy once, under UPLOAD_DIR/_v, and shares one encode between concurrent requests', async () => {
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-variants-'));
    await mkdir(path.join(uploadDir, 'catalog'), { recursive: true });
    const original = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    await writeFile(path.join(uploadDir, 'catalog', 'a.png'), original);
    const store = {
      uploadDir,
      storage: localStorage({ publicDir: uploadDir, privateDir: path.join(uploadDir, '..', 'private') }),
      db: {} as Database,
    };
    const request = { width: 160, format: 'webp' as const, source: 'catalog/a.png' };
    const [first, second] = await Promise.all([variantFile(store, request), variantFile(store, request)]);
    expect(first).toBe(path.join(uploadDir, '_v', '160', 'catalog', 'a.png.webp'));
    expect(second).toBe(first);
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 160, height: 80 });
    expect(await variantFile(store, { ...request, source: 'catalog/missing.png' })).toBeUndefined();
  });
});

describe('imagePlaceholder', () => {
  it('is a WebP data URI of at most 16 px that keeps the proportions', async () => {
    const wide = await sharp({ create: { width: 750, height: 320, channels: 3, background: '#f60' } })
      .jpeg()
      .toBuffer();
    const placeholder = await imagePlaceholder(wide);
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(placeholder.length).toBeLessThan(400);
    const decoded = Buffer.from(placeholder.split(',')[1] ?? '', 'base64');
    expect(await sharp(decoded).metadata()).toMatchObject({ format: 'webp', width: 16, height: 7 });
  });
});
