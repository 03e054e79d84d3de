import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;

/**
 * JSON, HTML, CSS, JavaScript, SVG and plain text only. Never `text/event-stream` (a compressing
 * stream would hold events back until its buffer fills) nor images, which are compressed already.
 */
const compressibleTypes =
  /^(?:application\/(?:json|javascript)|text\/(?:html|css|javascript|plain)|image\/svg\+xml)(?:;|$)/;

/**
 * Compresses answers (brotli first, then gzip) when the client says it accepts them and the body
 * is at least `compressionThresholdBytes`; serialized JSON arrives here as the finished string, so
 * the response serializer and the envelope are untouched. Built assets are precompressed at build
 * time and served by the web-app plugin, which marks them so that they are not compressed twice.
 * Must be registered before the routes: it attaches itself to each route as it is added.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: compressionThresholdBytes,
      customTypes: compressibleTypes,
      // Fast levels: this runs on every large answer (brotli 11 is for the build's precompression).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Request bodies stay uncompressed: no decompression step before the body limit.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
