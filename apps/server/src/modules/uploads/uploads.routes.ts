import {
  successEnvelope,
  type UploadPurpose,
  uploadLimits,
  uploadPurposeSchema,
  uploadResultSchema,
} from '@crossmart/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { privateUploadDir, uploadDir } from '../../plugins/uploads.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type PrivateReader, readPrivateUpload, storeUpload, type UploadDirs } from './uploads.service.ts';

export interface UploadsRouteOptions extends ModuleDeps {
  /** Readers of private uploads besides the owner and admins, per purpose. */
  privateReaders?: Partial<Record<UploadPurpose, PrivateReader>>;
}

const tokenSecurity = [{ token: [] }];

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRouteOptions> = async (
  app,
  { config, database, privateReaders = {} },
) => {
  const dirs: UploadDirs = { publicDir: uploadDir(config), privateDir: privateUploadDir(config) };
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
      const stored = await storeUpload(database.db, dirs, currentUser(request).id, purpose.data, file);
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
        params: z.object({ purpose: z.string().max(20), name: z.string().regex(/^[a-f0-9]{32}\.(jpg|png|webp)$/) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { data, mime } = await readPrivateUpload(
        database.db,
        dirs,
        { id: user.id, isAdmin: user.role === 'admin' },
        request.params.purpose,
        request.params.name,
        privateReaders,
      );
      return reply.header('cache-control', 'private, no-store').type(mime).send(data);
    },
  );
};
