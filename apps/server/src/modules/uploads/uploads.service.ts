import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { privateUploadPurposes, type UploadPurpose, type UploadResult, uploadLimits } from '@crossmart/contract';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { AppError } from '../../errors.ts';

export interface UploadDirs {
  /** Public files, served at /uploads/. */
  publicDir: string;
  /** Proofs, read only through `readPrivateUpload`. */
  privateDir: string;
}

const formats = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
  'image/webp': { ext: 'webp', format: 'webp' },
} as const;
type AllowedMime = keyof typeof formats;

const isAllowedMime = (mime: string): mime is AllowedMime => Object.hasOwn(formats, mime);

export const isPrivatePurpose = (purpose: string) => privateUploadPurposes.includes(purpose as UploadPurpose);

/**
 * Checks an uploaded file by its content (never its name or declared type), then re-encodes it
 * with sharp: EXIF/XMP/ICC metadata is dropped, orientation applied, and whatever else the file
 * carried (scripts in a polyglot, trailing data) does not survive. Stored under a random name.
 */
export async function storeUpload(
  db: Database,
  dirs: UploadDirs,
  userId: number,
  purpose: UploadPurpose,
  data: Buffer,
): Promise<UploadResult> {
  if (data.length === 0) throw new AppError('UPLOAD_MISSING_FILE');
  if (data.length > uploadLimits.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !isAllowedMime(sniffed.mime)) throw new AppError('UPLOAD_TYPE_NOT_ALLOWED');
  const { ext, format } = formats[sniffed.mime];

  const options = { limitInputPixels: uploadLimits.maxPixels, failOn: 'error' as const };
  let width: number;
  let height: number;
  try {
    const meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new AppError('UPLOAD_INVALID_IMAGE');
  }
  // Decided from the header alone, before any pixel is decoded.
  if (width * height > uploadLimits.maxPixels) throw new AppError('UPLOAD_TOO_MANY_PIXELS');
  if (width === 0 || height === 0) throw new AppError('UPLOAD_INVALID_IMAGE');

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(data, options)
      .rotate()
      .toFormat(format, format === 'png' ? { compressionLevel: 9 } : { quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UPLOAD_INVALID_IMAGE');
  }

  const isPrivate = isPrivatePurpose(purpose);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const folder = path.join(isPrivate ? dirs.privateDir : dirs.publicDir, purpose);
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, name);
  // Written under a temporary name and renamed, so a half-written file is never served.
  await writeFile(`${target}.part`, output.data, { flag: 'wx' });
  await rename(`${target}.part`, target);

  const url = isPrivate ? `/api/upload/file/${purpose}/${name}` : `/uploads/${purpose}/${name}`;
  await db.insert(uploads).values({
    userId,
    purpose,
    name,
    url,
    isPrivate,
    mime: sniffed.mime,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
  });
  return { url, width: output.info.width, height: output.info.height };
}

/** Whether `url` is an upload of this user for this purpose (e.g. the evidence of a recharge). */
export async function isOwnUpload(db: Database, userId: number, purpose: UploadPurpose, url: string) {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.userId, userId), eq(uploads.purpose, purpose)));
  return row !== undefined;
}

/**
 * Who else may read a private upload of a purpose, decided by the module that uses it (the
 * service chat: the conversation's user may see the agent's pictures).
 */
export type PrivateReader = (db: Database, viewerId: number, url: string) => Promise<boolean>;

/**
 * A private file for its owner, an admin or whom the purpose's reader allows; NOT_FOUND for
 * anyone else (existence is not revealed).
 */
export async function readPrivateUpload(
  db: Database,
  dirs: UploadDirs,
  viewer: { id: number; isAdmin: boolean },
  purpose: string,
  name: string,
  readers: Partial<Record<UploadPurpose, PrivateReader>> = {},
): Promise<{ data: Buffer; mime: string }> {
  const url = `/api/upload/file/${purpose}/${name}`;
  const [row] = await db
    .select({ userId: uploads.userId, mime: uploads.mime, purpose: uploads.purpose, name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.isPrivate, true)));
  if (!row) throw new AppError('NOT_FOUND');
  const reader = readers[row.purpose as UploadPurpose];
  const mayRead =
    row.userId === viewer.id || viewer.isAdmin || (reader !== undefined && (await reader(db, viewer.id, url)));
  if (!mayRead) throw new AppError('NOT_FOUND');
  const data = await readFile(path.join(dirs.privateDir, row.purpose, row.name));
  return { data, mime: row.mime };
}
