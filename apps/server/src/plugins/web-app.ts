import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getLanguage } from '@crossmart/contract';
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

/** The link preview of a shared page (the catalog module's `SharePreview`). */
export interface PagePreview {
  kind: 'product' | 'shop';
  title: string;
  description: string;
  image: string;
  shopName: string;
  price?: number;
}

export interface WebAppOptions {
  distDir: string;
  /** ISO 4217 code of the platform currency: prices in previews. */
  currency?: string;
  /** Looks up the preview of a page path in the request's language; undefined when there is none. */
  pagePreview?: (request: FastifyRequest, pathname: string) => Promise<PagePreview | undefined>;
}

/**
 * Link-preview fetchers (chat apps, social networks, search engines). People get the app as it is;
 * these get the same page with the shared product's or shop's Open Graph and Twitter tags, which
 * they read without running scripts.
 */
const crawlerAgent =
  /bot\b|crawler|spider|facebookexternalhit|facebot|twitterbot|slackbot|slack-imgproxy|whatsapp|telegrambot|discordbot|linkedinbot|line\/|kakaotalk|pinterest|redditbot|applebot|skypeuripreview|vkshare|embedly|quora link preview|mastodon|bluesky|googlebot|bingbot|yandex|baiduspider|duckduckbot/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && crawlerAgent.test(userAgent);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** Integer minor units as money in the language of the page (`¥1,980`, `$19.80`). */
export function formatPrice(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return format.format(minor / 10 ** digits);
}

/** index.html with the preview's title and meta tags (absolute URLs, as crawlers need). */
export function withPreviewTags(
  html: string,
  preview: PagePreview,
  page: { origin: string; url: string; locale: string; currency: string },
): string {
  const price = preview.price === undefined ? undefined : formatPrice(preview.price, page.currency, page.locale);
  const title = preview.kind === 'product' ? `${preview.title} · ${preview.shopName}` : preview.title;
  const description = [price, preview.description].filter(Boolean).join(' · ');
  const image = preview.image ? new URL(preview.image, page.origin).href : '';
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: page.currency }).resolvedOptions()
    .maximumFractionDigits;
  const tags: [string, string, string | undefined][] = [
    ['property', 'og:type', preview.kind === 'product' ? 'product' : 'website'],
    ['property', 'og:site_name', 'Crossmart'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', new URL(page.url, page.origin).href],
    ['property', 'og:image', image || undefined],
    ['property', 'og:locale', page.locale.replace('-', '_')],
    [
      'property',
      'product:price:amount',
      preview.price === undefined ? undefined : (preview.price / 10 ** (digits ?? 0)).toFixed(digits ?? 0),
    ],
    ['property', 'product:price:currency', preview.price === undefined ? undefined : page.currency],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image || undefined],
    ['name', 'description', description],
  ];
  const meta = tags
    .filter((tag): tag is [string, string, string] => tag[2] !== undefined && tag[2] !== '')
    .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
  return html
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `    ${meta}\n  </head>`);
}

/**
 * Serves the built web app (shopper `/`, seller `/seller`, admin `/admin`: one Vite build) and
 * falls back to index.html for client-side routes. Hashed assets are cached for a year, every
 * other file (index.html, robots.txt, favicon) is revalidated on each use.
 */
function previewLocaleOf(request: FastifyRequest): string {
  return getLanguage(request.lang).tag;
}

export const webAppPlugin = fp(
  async (app: FastifyInstance, options: WebAppOptions) => {
    const indexPath = path.join(options.distDir, 'index.html');
    const hasIndex = existsSync(indexPath);
    const indexHtml = hasIndex ? readFileSync(indexPath, 'utf8') : '';
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
      const { pagePreview } = options;
      if (pagePreview && isCrawler(request.headers['user-agent'])) {
        const pathname = request.url.split('?')[0] ?? '/';
        void pagePreview(request, pathname)
          .then((preview) => {
            if (!preview) return reply.header('cache-control', 'no-cache').sendFile('index.html');
            const html = withPreviewTags(indexHtml, preview, {
              origin: `${request.protocol}://${request.host}`,
              url: request.url,
              locale: previewLocaleOf(request),
              currency: options.currency ?? 'JPY',
            });
            return reply
              .header('cache-control', 'no-cache')
              .header('vary', 'user-agent')
              .type('text/html; charset=utf-8')
              .send(html);
          })
          .catch((error: unknown) => reply.send(error));
        return true;
      }
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return true;
    });
  },
  { name: 'web-app' },
);
