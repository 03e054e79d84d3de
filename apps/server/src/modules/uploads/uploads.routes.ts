import { createReadStream } from 'node:fs';
import {
  privateUploadPurposes,
  successEnvelope,
  type UploadPurpose,
  uploadLimits,
  uploadPurposeSchema,
  uploadPurposes,
  uploadResultSchema,
} from '@crossmart/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { countingLimit } from '../../plugins/rate-limit.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { UploadStorage } from './storage.ts';
import { type PrivateReader, readPrivateUpload, readPublicUpload, storeUpload } from './uploads.service.ts';
import { parseVariantPath, variantFile, variantMime } from './variants.ts';

export interface UploadsRouteOptions extends ModuleDeps {
  /** Where files live (`createUploadStorage(config)`); shared with housekeeping's orphan purge. */
  storage: UploadStorage;
  /** Readers of private uploads besides the owner and admins, per purpose. */
  privateReaders?: Partial<Record<UploadPurpose, PrivateReader>>;
}

const storedName = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
const publicPurposes = uploadPurposes.filter((purpose) => !privateUploadPurposes.includes(purpose));

const tokenSecurity = [{ token: [] }];

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRouteOptions> = async (
  app,
  { config, database, storage, privateReaders = {} },
) => {
  const quota = { maxPerDay: config.UPLOAD_MAX_PER_DAY };
  // Per user and shared by every instance with Redis (issue 17); the daily quota is in the database.
  const uploadLimit = countingLimit(app, {
    max: config.UPLOAD_MAX_PER_MINUTE,
    timeWindow: 60_000,
    key: (request) => `upload:${currentUser(request).id}`,
  });
  // Scoped to this plugin: only /api/upload parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: uploadLimits.maxBytes, files: 1, fields: 4, fieldSize: 64, parts: 5 },
  });

  app.post(
    '/api/upload',
    {
      onRequest: requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload a picture (multipart: file, purpose); JPEG, PNG or WebP, at most 5 MB',
        security: tokenSecurity,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(uploadResultSchema) },
      },
    },
    async (request) => {
      await uploadLimit(request);
      if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING_FILE');
      let purposeText: string | undefined;
      let file: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              continue;
            }
            file = await part.toBuffer();
          } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
            purposeText = part.value;
          }
        }
      } catch (error) {
        if (isFileTooLarge(error)) throw new AppError('UPLOAD_TOO_LARGE');
        throw error;
      }
      const purpose = uploadPurposeSchema.safeParse(purposeText);
      if (!purpose.success) {
        throw new AppError('VALIDATION_FAILED', undefined, { purpose: request.t('validation.invalid_option') });
      }
      if (!file) throw new AppError('UPLOAD_MISSING_FILE');
      const stored = await storeUpload(database.db, storage, quota, currentUser(request).id, purpose.data, file);
      return ok(request, stored, 'success.uploaded');
    },
  );

  app.get(
    '/api/upload/file/:purpose/:name',
    {
      onRequest: requireUser,
      schema: {
        tags: ['uploads'],
        summary:
          'A private upload (payment evidence, refund proof, service picture) for its owner, an admin or the chat’s user',
        security: tokenSecurity,
        params: z.object({ purpose: z.string().max(20), name: z.string().regex(storedName) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await readPrivateUpload(
        database.db,
        storage,
        { id: user.id, isAdmin: user.role === 'admin' },
        request.params.purpose,
        request.params.name,
        privateReaders,
      );
      // Streamed through the server from the store: the bucket is never reachable by the client.
      if (file.length !== undefined) reply.header('content-length', file.length);
      return reply.header('cache-control', 'private, no-store').type(file.mime).send(file.stream);
    },
  );

  // Resized AVIF/WebP copies of public pictures (ADR 0014), made on first request and kept under
  // UPLOAD_DIR/_v/; the original's URL is inside the copy's, so both are immutable.
  app.get('/uploads/_v/*', { schema: { hide: true } }, async (request, reply) => {
    const variant = parseVariantPath(request.url);
    const file = variant
      ? await variantFile({ uploadDir: config.UPLOAD_DIR, storage, db: database.db }, variant)
      : undefined;
    if (!variant || !file) return reply.callNotFound();
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(variantMime[variant.format])
      .send(createReadStream(file));
  });

  // Public pictures in a bucket are streamed through here under the same /uploads/ URLs the local
  // disk is served at (plugins/uploads.ts), so stored URLs do not depend on the store.
  if (storage.kind !== 'local') {
    app.get(
      '/uploads/:purpose/:name',
      {
        schema: {
          hide: true,
          params: z.object({ purpose: z.string().max(20), name: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const { purpose, name } = request.params;
        // Anything else answers like a missing file, as the static server does.
        const isStoredName = publicPurposes.includes(purpose as UploadPurpose) && storedName.test(name);
        const file = isStoredName ? await readPublicUpload(database.db, storage, purpose, name) : undefined;
        if (!file) return reply.callNotFound();
        if (file.length !== undefined) reply.header('content-length', file.length);
        return reply.header('cache-control', 'public, max-age=31536000, immutable').type(file.mime).send(file.stream);
      },
    );
  }
};
