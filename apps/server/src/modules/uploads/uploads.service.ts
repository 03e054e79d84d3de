import { createHash, randomBytes } from 'node:crypto';
import { privateUploadPurposes, type UploadPurpose, type UploadResult, uploadLimits } from '@crossmart/contract';
import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { OutputInfo } from 'sharp';
import { purgeBatchSize } from '../../db/batch-delete.ts';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { AppError } from '../../errors.ts';
import { decodeSlots } from './decode-slots.ts';
import { loadSharp } from './load-sharp.ts';
import { imagePlaceholder } from './placeholder.ts';
import type { ObjectBody, StoredObject, UploadStorage } from './storage.ts';
import { deleteVariantFiles } from './variant-files.ts';

/** How many pictures one user may store in any 24 hours (`UPLOAD_MAX_PER_DAY`). */
export interface UploadQuota {
  maxPerDay: number;
}

const dayMs = 24 * 60 * 60 * 1000;
/** An upload no row has referenced this long after it was stored is an orphan. */
export const orphanAfterMs = dayMs;

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
  storage: UploadStorage,
  quota: UploadQuota,
  userId: number,
  purpose: UploadPurpose,
  data: Buffer,
): Promise<UploadResult> {
  if (data.length === 0) throw new AppError('UPLOAD_MISSING_FILE');
  if (data.length > uploadLimits.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
  // Checked before the costly decode; checked again under the user's row lock before the insert.
  await checkDailyQuota(db, userId, quota);
  // file-type (and its tokenizer, ~20 modules) is loaded with the first upload, like sharp (ADR 0016).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !isAllowedMime(sniffed.mime)) throw new AppError('UPLOAD_TYPE_NOT_ALLOWED');
  const { ext, format } = formats[sniffed.mime];

  const options = { limitInputPixels: uploadLimits.maxPixels, failOn: 'error' as const };
  const sharp = await loadSharp();
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
  let placeholder: string;
  try {
    // At most `maxConcurrentDecodes` pictures are decoded at once in this process; others queue.
    [output, placeholder] = await decodeSlots.use(() =>
      Promise.all([
        sharp(data, options)
          .rotate()
          .toFormat(format, format === 'png' ? { compressionLevel: 9 } : { quality: 85 })
          .toBuffer({ resolveWithObject: true }),
        isPrivatePurpose(purpose) ? Promise.resolve('') : imagePlaceholder(data),
      ]),
    );
  } catch {
    throw new AppError('UPLOAD_INVALID_IMAGE');
  }

  const isPrivate = isPrivatePurpose(purpose);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const url = isPrivate ? `/api/upload/file/${purpose}/${name}` : `/uploads/${purpose}/${name}`;
  const sha256 = createHash('sha256').update(output.data).digest('hex');
  const object: StoredObject = { visibility: isPrivate ? 'private' : 'public', purpose, name };
  // The row first (under the user's lock, so parallel uploads cannot pass the quota together),
  // then the bytes inside the same transaction: a failed write rolls the row back, and no stored
  // file is without its row, so the orphan purge sees every file.
  await db.transaction(async (tx) => {
    await lockUserUploads(tx, userId);
    await checkDailyQuota(tx, userId, quota);
    await tx.insert(uploads).values({
      userId,
      purpose,
      name,
      url,
      isPrivate,
      mime: sniffed.mime,
      width: output.info.width,
      height: output.info.height,
      bytes: output.data.length,
      sha256,
      placeholder: placeholder || null,
    });
    await storage.put(object, output.data, sniffed.mime);
  });
  return { url, width: output.info.width, height: output.info.height };
}

/** Serialises one user's stores (a transaction-scoped advisory lock in the uploads' own key space). */
async function lockUserUploads(tx: Database, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${uploadsLockSpace}, ${userId})`);
}
const uploadsLockSpace = 0x75706c64; // 'upld'

/** UPLOAD_DAILY_QUOTA once the user has stored `maxPerDay` pictures in the last 24 hours. */
async function checkDailyQuota(db: Database, userId: number, quota: UploadQuota) {
  const since = new Date(Date.now() - dayMs);
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, since)));
  if ((row?.n ?? 0) >= quota.maxPerDay) throw new AppError('UPLOAD_DAILY_QUOTA', { max: quota.maxPerDay });
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
 * Records that a row of the calling module now references these urls (call it in the
 * transaction that saves the reference), so housekeeping never purges them as orphans.
 * Ownership is the caller's rule. Urls that are not uploads (generated pictures, other sites)
 * are ignored. Returns how many of the urls are uploads.
 */
export async function attachUploads(db: Database, urls: readonly string[]): Promise<number> {
  const distinct = [...new Set(urls.filter((url) => url !== ''))];
  if (distinct.length === 0) return 0;
  await db
    .update(uploads)
    .set({ attachedAt: sql`now()` })
    .where(and(inArray(uploads.url, distinct), isNull(uploads.attachedAt)));
  const [row] = await db.select({ n: count() }).from(uploads).where(inArray(uploads.url, distinct));
  return row?.n ?? 0;
}

/**
 * Whether every url is an upload of this user for this purpose, and if so records them as
 * referenced (`attachUploads`): the check and the record a module needs when it saves a user's
 * picture. An orphan being purged at that moment is locked by the purge: this waits, then finds
 * it gone and answers false.
 */
export async function attachOwnUploads(
  db: Database,
  userId: number,
  purpose: UploadPurpose,
  urls: readonly string[],
): Promise<boolean> {
  const distinct = [...new Set(urls)];
  if (distinct.length === 0) return true;
  const mine = and(inArray(uploads.url, distinct), eq(uploads.userId, userId), eq(uploads.purpose, purpose));
  await db
    .update(uploads)
    .set({ attachedAt: sql`now()` })
    .where(and(mine, isNull(uploads.attachedAt)));
  const [row] = await db.select({ n: count() }).from(uploads).where(mine);
  return (row?.n ?? 0) === distinct.length;
}

/**
 * The blurred stand-ins of these urls, in their order (ADR 0014): computed at upload; an empty
 * string for a url that is not an upload (generated pictures carry their own) or predates them.
 */
export async function uploadPlaceholders(db: Database, urls: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(urls.filter((url) => url !== ''))];
  if (wanted.length === 0) return urls.map(() => '');
  const rows = await db
    .select({ url: uploads.url, placeholder: uploads.placeholder })
    .from(uploads)
    .where(inArray(uploads.url, wanted));
  const byUrl = new Map(rows.map((row) => [row.url, row.placeholder ?? '']));
  return urls.map((url) => byUrl.get(url) ?? '');
}

/** SHA-256 (hex) of an upload's stored bytes, for spotting one picture used as proof twice. */
export async function uploadContentHash(db: Database, url: string): Promise<string | undefined> {
  const [row] = await db.select({ sha256: uploads.sha256 }).from(uploads).where(eq(uploads.url, url));
  return row?.sha256 ?? undefined;
}

/**
 * Deletes uploads that no row referenced within a day (`attached_at` still null): rows in batches
 * that skip locked rows (several instances may purge at once), then their stored files and, for a
 * public picture, its resized copies cached under `uploadDir/_v/` (whatever the store: the copies
 * are always on the local disk). If a file delete fails the error reaches housekeeping's log; the
 * file stays without a row and is never served, since every route looks the row up first.
 */
export async function purgeOrphanUploads(
  db: Database,
  storage: UploadStorage,
  now: Date,
  batchSize: number = purgeBatchSize,
  uploadDir?: string,
): Promise<number> {
  const cutoff = new Date(now.getTime() - orphanAfterMs);
  const orphan = and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff));
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: uploads.id })
      .from(uploads)
      .where(orphan)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(uploads)
      .where(and(inArray(uploads.id, batch), orphan))
      .returning({ purpose: uploads.purpose, name: uploads.name, isPrivate: uploads.isPrivate });
    for (const row of rows) {
      await storage.delete({ visibility: row.isPrivate ? 'private' : 'public', purpose: row.purpose, name: row.name });
      // Copies are made of public originals only (variants.ts).
      if (uploadDir && !row.isPrivate) await deleteVariantFiles(uploadDir, `${row.purpose}/${row.name}`);
    }
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
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
  storage: UploadStorage,
  viewer: { id: number; isAdmin: boolean },
  purpose: string,
  name: string,
  readers: Partial<Record<UploadPurpose, PrivateReader>> = {},
): Promise<ObjectBody & { mime: string }> {
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
  const body = await storage.get({ visibility: 'private', purpose: row.purpose, name: row.name });
  if (!body) throw new AppError('NOT_FOUND');
  return { ...body, mime: row.mime };
}

/** A public upload's bytes, for stores the server does not serve as static files (S3). */
export async function readPublicUpload(
  db: Database,
  storage: UploadStorage,
  purpose: string,
  name: string,
): Promise<(ObjectBody & { mime: string }) | undefined> {
  const [row] = await db
    .select({ mime: uploads.mime })
    .from(uploads)
    .where(and(eq(uploads.url, `/uploads/${purpose}/${name}`), eq(uploads.isPrivate, false)));
  if (!row) return undefined;
  const body = await storage.get({ visibility: 'public', purpose, name });
  return body ? { ...body, mime: row.mime } : undefined;
}
