import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the public images under the upload directory at /uploads/ (product, shop, banner and
 * category pictures). Private kinds (payment evidence, refund proofs) must be stored outside
 * this directory and served through an authorized route.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: { uploadDir: string }) => {
    mkdirSync(options.uploadDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '1d',
    });
  },
  { name: 'uploads' },
);
