import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';

/**
 * Where an upload lives: `public` files may be shown to anyone (avatars, products, …), `private`
 * ones (evidence, refund proofs, service pictures) only through the authorized route.
 */
export interface StoredObject {
  visibility: 'public' | 'private';
  purpose: string;
  name: string;
}

/** An object's bytes as a stream, with the length when the store knows it. */
export interface ObjectBody {
  stream: Readable;
  length: number | undefined;
}

/**
 * One interface for every place uploads can live: the local disk (default) or an S3-compatible
 * bucket. Nothing outside this file knows which one is in use; stored objects are never served
 * from the store directly, only through the server's routes (public `/uploads/…`, private after
 * the owner/admin check), so the bucket itself stays private.
 */
export interface UploadStorage {
  readonly kind: 'local' | 's3';
  put(object: StoredObject, data: Buffer, mime: string): Promise<void>;
  /** The object's bytes, or undefined when it is not there. */
  get(object: StoredObject): Promise<ObjectBody | undefined>;
  /** Removes the object; an object already gone is not an error. */
  delete(object: StoredObject): Promise<void>;
  close(): void;
}

/** Files under `publicDir/<purpose>/<name>` (served by `plugins/uploads.ts`) and `privateDir/…`. */
export function localStorage(dirs: { publicDir: string; privateDir: string }): UploadStorage {
  const fileOf = (object: StoredObject) =>
    path.join(object.visibility === 'public' ? dirs.publicDir : dirs.privateDir, object.purpose, object.name);
  return {
    kind: 'local',
    async put(object, data) {
      const target = fileOf(object);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a half-written file is never served.
      await writeFile(`${target}.part`, data, { flag: 'wx' });
      await rename(`${target}.part`, target);
    },
    async get(object) {
      const file = fileOf(object);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), length: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(object) {
      try {
        await unlink(fileOf(object));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    close() {},
  };
}

export interface S3Options {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`): what MinIO, Ceph and most S3 clones expect. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several deployments. */
  prefix: string;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

const isMissing = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Objects at `<prefix><visibility>/<purpose>/<name>` in one private bucket. The SDK is loaded only
 * when a bucket is configured: a server on the local disk never holds its ~10 MB (bench/memory.ts).
 */
export function s3Storage(options: S3Options): UploadStorage {
  const loaded = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, options) }));
  // A failed load surfaces on the first call that awaits it, not as an unhandled rejection.
  loaded.catch(() => {});
  const keyOf = (object: StoredObject) => `${options.prefix}${object.visibility}/${object.purpose}/${object.name}`;
  return {
    kind: 's3',
    async put(object, data, mime) {
      const { sdk, client } = await loaded;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(object),
          Body: data,
          ContentType: mime,
          ContentLength: data.length,
        }),
      );
    },
    async get(object) {
      const { sdk, client } = await loaded;
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: keyOf(object) }));
        if (!answer.Body) return undefined;
        return { stream: answer.Body as Readable, length: answer.ContentLength };
      } catch (error) {
        if (isMissing(sdk, error)) return undefined;
        throw error;
      }
    },
    async delete(object) {
      const { sdk, client } = await loaded;
      // S3 answers 204 for a key that is not there.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(object) }));
    },
    close() {
      void loaded.then(({ client }) => client.destroy());
    },
  };
}

function s3Client(sdk: S3Sdk, options: S3Options) {
  return new sdk.S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers reject or mangle the
    // newer default (CRC32 headers and trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  });
}

/** The store the configuration asks for (`UPLOAD_STORAGE`). */
export function createUploadStorage(config: Config): UploadStorage {
  if (config.UPLOAD_STORAGE === 's3') {
    return s3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return localStorage({ publicDir: config.UPLOAD_DIR, privateDir: config.PRIVATE_UPLOAD_DIR });
}
