import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { clientConstants, uploadLimits } from '@crossmart/contract';
import type { Database } from '../../db/client.ts';
import { decodeSlots } from './decode-slots.ts';
import { loadSharp } from './load-sharp.ts';
import type { UploadStorage } from './storage.ts';
import { readPublicUpload } from './uploads.service.ts';
import { variantFilePath } from './variant-files.ts';

const { prefix, widths, formats } = clientConstants.imageVariants;
export type VariantFormat = (typeof formats)[number];

/** A resized copy of a public picture, as its URL names it. */
export interface VariantRequest {
  width: number;
  format: VariantFormat;
  /** The original's path under `/uploads/` (e.g. `product/ab…12.jpg`, `catalog/demo/p-1.webp`). */
  source: string;
}

const segment = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)?$/i;
const originalName = /\.(jpg|jpeg|png|webp)$/i;

/**
 * Parses `/uploads/_v/<width>/<source>.<format>`: a listed width and format, and a source made of
 * plain name segments (no `..`, no hidden files) ending in a picture extension. Anything else is
 * undefined, answered like a missing file.
 */
export function parseVariantPath(url: string): VariantRequest | undefined {
  const pathname = url.split('?')[0] ?? '';
  if (!pathname.startsWith(prefix)) return undefined;
  const [widthText, ...rest] = pathname.slice(prefix.length).split('/');
  const width = Number(widthText);
  if (!(widths as readonly number[]).includes(width) || String(width) !== widthText) return undefined;
  const last = rest.pop() ?? '';
  const dot = last.lastIndexOf('.');
  const format = last.slice(dot + 1);
  if (dot < 0 || !(formats as readonly string[]).includes(format)) return undefined;
  const segments = [...rest, last.slice(0, dot)];
  if (segments.length < 2 || !segments.every((part) => segment.test(part))) return undefined;
  const source = segments.join('/');
  if (!originalName.test(source) || source.startsWith('_v/')) return undefined;
  return { width, format: format as VariantFormat, source };
}

/** Encoder settings: AVIF at a low effort, so a first request on a busy core stays short. */
export async function encodeVariant(original: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(original, { limitInputPixels: uploadLimits.maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  return (
    format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 75, effort: 4 })
  ).toBuffer();
}

export interface VariantStore {
  /** `UPLOAD_DIR`: generated pictures (and uploads with the local store); variants are cached in `_v/` below it. */
  uploadDir: string;
  storage: UploadStorage;
  db: Database;
}

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The original's bytes: a file under UPLOAD_DIR, else (S3 store) a public upload in the bucket. */
async function readOriginal(store: VariantStore, source: string): Promise<Buffer | undefined> {
  const file = path.join(store.uploadDir, source);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (store.storage.kind === 'local') return undefined;
  const [purpose, name, ...more] = source.split('/');
  if (!purpose || !name || more.length > 0) return undefined;
  const body = await readPublicUpload(store.db, store.storage, purpose, name);
  return body ? readStream(body.stream) : undefined;
}

const pending = new Map<string, Promise<string | undefined>>();

/**
 * The cached file of a variant, made on first request: read the original, resize and encode it
 * in one of the process's decode slots, write it under `UPLOAD_DIR/_v/…` (temporary name, then
 * rename). Concurrent requests for one variant share one encode. Undefined when there is no
 * such public original.
 */
export function variantFile(store: VariantStore, request: VariantRequest): Promise<string | undefined> {
  const target = variantFilePath(store.uploadDir, request.width, request.source, request.format);
  let job = pending.get(target);
  if (!job) {
    job = (async () => {
      if (await exists(target)) return target;
      const original = await readOriginal(store, request.source);
      if (!original) return undefined;
      const encoded = await decodeSlots.use(() => encodeVariant(original, request.width, request.format));
      await mkdir(path.dirname(target), { recursive: true });
      const part = `${target}.${process.pid}.part`;
      await writeFile(part, encoded);
      await rename(part, target);
      return target;
    })().finally(() => pending.delete(target));
    pending.set(target, job);
  }
  return job;
}

async function exists(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export const variantMime: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
