import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page request with the web app's index.html; false when the app is not built. */
    sendWebApp(request: FastifyRequest, reply: FastifyReply): boolean;
  }
}

const serverPrefixes = ['/api/', '/uploads/'];

/**
 * Serves the built web app (shopper `/`, seller `/seller`, admin `/admin`: one Vite build) and
 * falls back to index.html for client-side routes. Hashed assets are cached for a year, every
 * other file (index.html, robots.txt, favicon) is revalidated on each use.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string }) => {
    const hasIndex = existsSync(path.join(options.distDir, 'index.html'));
    if (hasIndex) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` beside each text file (vite.config.ts); they are sent
        // as they are to clients that accept them, with `Vary: accept-encoding`.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders: (reply, filePath) => {
          // Vite puts a content hash in every asset name, so those never change.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.decorate('sendWebApp', (request: FastifyRequest, reply: FastifyReply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !serverPrefixes.some((prefix) => request.url.startsWith(prefix)) &&
        request.url !== '/api';
      if (!hasIndex || !isPage) return false;
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return true;
    });
  },
  { name: 'web-app' },
);
