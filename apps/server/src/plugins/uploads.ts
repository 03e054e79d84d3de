import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Public uploads (avatars, products, …); private proofs live elsewhere (`privateUploadDir`). */
export function uploadDir(config: Config): string {
  return config.UPLOAD_DIR;
}

/** Payment evidence and refund proofs: never under `uploadDir`, so never served statically. */
export function privateUploadDir(config: Config): string {
  return config.PRIVATE_UPLOAD_DIR;
}

/**
 * Serves `UPLOAD_DIR` at `/uploads/`: generated pictures (demo seed, category icons) always, and
 * user uploads with the local store (stored names are random; files are re-encoded images). With
 * the S3 store, user uploads are streamed by the uploads module's `/uploads/:purpose/:name` route.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  const root = path.resolve(uploadDir(options.config));
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
});
