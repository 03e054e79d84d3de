import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type IndexHtmlTransformContext, type Plugin, type Rolldown } from 'vite';
import { firstScreenGroups } from './first-screens-chunk.ts';
import { shopperPwa } from './pwa.config.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, so
 * that the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * on every request or sending raw bytes. Skipped where compression would not save anything.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'crossmart-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && compressible.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < 256) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** A build-only plugin that rewrites the built index.html, after Vite's own tags, knowing the bundle. */
function builtHtml(name: string, transform: (html: string, bundle: Bundle) => string): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? transform(html, context.bundle) : html),
    },
  };
}

/**
 * The entry (src/main.tsx) imports React and the shell dynamically, after it has sent the first
 * screen's requests (ADR 0018). This puts that chunk, everything it imports statically and its CSS
 * into index.html as `<link rel="modulepreload">` and stylesheets, so the browser still fetches them
 * in parallel with the entry, not one round trip after it.
 */
function preloadAppStart(appStart: string): Plugin {
  return builtHtml('crossmart-preload-app-start', (html, bundle) => {
    const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(appStart));
    if (!start) throw new Error(`no chunk for ${appStart}`);
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const files = new Set<string>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    visit(start);
    const present = (file: string) => html.includes(`/${file}"`);
    const css = [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    const tags = [
      ...[...files]
        .filter((file) => !present(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...[...new Set(css)]
        .filter((file) => !present(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ];
    return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
  });
}

/**
 * Puts the stylesheets that index.html links from the build (the entry's: theme, shell) into a
 * `<style>` in `<head>`, so that the page can paint its icon and colours with the HTML alone,
 * without waiting for a render-blocking request (ADR 0023). Runs after `preloadAppStart`, which may
 * add links. The file stays in the build (the budgets read it from the manifest) and out of the
 * worker's precache (pwa.config.ts).
 */
function inlineStylesheets(): Plugin {
  return builtHtml('crossmart-inline-stylesheets', (html, bundle) =>
    html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+)">/g, (_tag, file: string) => {
      const asset = bundle[file];
      if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, which is not in the build`);
      const css = String(asset.source);
      // Minified CSS has no reason to hold this; if it did, the rest would leave the <style>.
      if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style": not inlined`);
      return `<style>${css}</style>`;
    }),
  );
}

export default defineConfig({
  plugins: [react(), shopperPwa(), precompress(), preloadAppStart('src/app/start-app.tsx'), inlineStylesheets()],
  resolve: {
    // The app's `antd-mobile` is the library with its built-in texts in the UI language
    // (src/shared/ui/antd-mobile.ts); the exact name only, so that module can import the library.
    alias: [{ find: /^antd-mobile$/, replacement: path.resolve(import.meta.dirname, 'src/shared/ui/antd-mobile.ts') }],
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: {
      '/api': process.env.API_PROXY ?? 'http://127.0.0.1:3000',
      '/uploads': process.env.API_PROXY ?? 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/bundle-size.ts reads the manifest to measure the first load of /home.
    manifest: true,
    modulePreload: {
      // The entry carries a table of every lazy screen's chunks to preload beside it; it grew with
      // each screen and is part of the first load. The tab screens, the detail page and the login
      // screen (where /bag and every guarded link land without a session) keep their full list;
      // other screens keep their styles and fetch their shared chunks as they import them.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType !== 'js' || /(home|explore|search|me|detail|bag|login)-(page|screen)/.test(filename)
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry runs before React (ADR 0018): language, stored session, route table,
            // guard, texts, the early request and the Intl cache (the entry builds the first
            // formatter, ADR 0020 addendum), one chunk instead of ten small ones (each a request on
            // the first load and its own import/export lines).
            {
              name: 'boot',
              test: /(?:src[\\/](?:app[\\/](?:routes|first-screen)|shared[\\/](?:session[\\/](?:cookies|stored-session)|api[\\/](?:query-string|early-request)|lib[\\/](?:parse-id|intl-cache)|ui[\\/]image-variants|navigation[\\/]guard|i18n[\\/](?:i18n|translator)))\.tsx?$)|contract[\\/]src[\\/](?:client-constants|language-table)\.ts$|vite[\\/]preload-helper/,
              includeDependenciesRecursively: false,
            },
            // The libraries every first screen runs (React, the router, the query cache, the session
            // store) as one chunk: one request and one gzip window instead of a dozen
            // (bench/bundle-size.ts: about 10 KB less on the first load of /home).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand|use-sync-external-store)[\\/]/,
            },
            // The icons of the tab bar, the home header and the back button, together.
            {
              name: 'shell-icons',
              test: /node_modules[\\/]antd-mobile-icons[\\/]es[\\/](AppOutline|CompassOutline|ShopbagOutline|UserOutline|SearchOutline|BellOutline|LeftOutline)\.js$/,
            },
            // Small shared helpers that every first screen loads anyway (frame, empty state, skeletons,
            // images, toasts, config, money, idle tasks, tab badges, the texts hook): one chunk instead
            // of one each, because each chunk costs its own import and export lines on the first load
            // (bench/bundle-size.ts).
            {
              name: 'shell-shared',
              test: /src[\\/]shared[\\/](ui[\\/](page|route-meta|empty-state|skeletons|load-error|lazy-image|feedback|antd-mobile-setup)|navigation[\\/](history|use-back|navigator)|api[\\/](load-api|config|query-keys)|lib[\\/](money|use-money|when-idle)|session[\\/](cart-count|unread-count|session-store)|i18n[\\/]use-translation)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Home's product card and the catalog's query-key helpers, which the detail page and the
            // reviews sheet (loaded on opening) share: one chunk, not a 0.3 KB one of its own.
            {
              name: 'catalog',
              test: /src[\\/]features[\\/]catalog[\\/](?:api[\\/]keys|components[\\/]product-card)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // The first screens after /home: one kit and one small chunk per screen instead of 20–30
            // files of 0.2–3 KB (ADR 0020; it replaces the former button, gesture-utils and overlay groups).
            ...firstScreenGroups,
          ],
        },
      },
    },
  },
});
