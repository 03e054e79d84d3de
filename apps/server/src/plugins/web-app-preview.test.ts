import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../db/schema/index.ts';
import { createProduct, createShop, setProductStatus } from '../modules/catalog/index.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** Issue 21: shared product and shop links carry Open Graph / Twitter tags for link-preview fetchers. */
let ctx: TestContext;
let dist: string;
let shopId: number;
let productId: number;
let hiddenId: number;
const page =
  '<!doctype html><html><head><meta name="description" content="app" /><title>Crossmart</title></head><body><div id="root"></div></body></html>';
const slackbot = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'crossmart-dist-'));
  await writeFile(path.join(dist, 'index.html'), page);
  ctx = await createTestApp({ env: { WEB_DIST_DIR: dist, CURRENCY: 'JPY' } });
  const db = ctx.database.db;
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  shopId = (await createShop(db, { name: 'Kyoto "Tea" & Co' })).id;
  const product = {
    shopId,
    categoryId: category?.id ?? 0,
    title: 'Matcha <set>',
    titleI18n: { en: 'Matcha set', jp: '抹茶 <セット>' },
    description: 'Stone-ground\n  matcha from Uji.',
    images: ['/uploads/demo/matcha-1.jpg', '/uploads/demo/matcha-2.jpg'],
    skus: [{ specs: [], price: 1980, stock: 5 }],
  };
  productId = (await createProduct(db, product)).id;
  hiddenId = (await createProduct(db, { ...product, title: 'Hidden' })).id;
  await setProductStatus(db, hiddenId, 0);
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

function meta(html: string, name: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('link previews for crawlers', () => {
  it('gives a crawler the product title, price, first image and shop in Open Graph and Twitter tags', async () => {
    const res = await ctx.app.inject({
      url: `/detail/${productId}/${shopId}?backs=1`,
      headers: { 'user-agent': slackbot, host: 'shop.example', 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(meta(html, 'og:title')).toBe('抹茶 &lt;セット&gt; · Kyoto &quot;Tea&quot; &amp; Co');
    expect(meta(html, 'og:image')).toBe('http://shop.example/uploads/demo/matcha-1.jpg');
    expect(meta(html, 'twitter:image')).toBe('http://shop.example/uploads/demo/matcha-1.jpg');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'product:price:amount')).toBe('1980');
    expect(meta(html, 'product:price:currency')).toBe('JPY');
    expect(meta(html, 'og:description')).toMatch(/^[￥¥]1,980 · Stone-ground matcha from Uji\.$/);
    expect(meta(html, 'og:url')).toBe(`http://shop.example/detail/${productId}/${shopId}?backs=1`);
    expect(html).toContain('<title>抹茶 &lt;セット&gt; · Kyoto &quot;Tea&quot; &amp; Co</title>');
    // One description only: the app's own is replaced.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // Still the app: a crawler that runs scripts gets the same page.
    expect(html).toContain('<div id="root"></div>');
  });

  it('uses the request language for the title', async () => {
    const res = await ctx.app.inject({ url: `/detail/${productId}`, headers: { 'user-agent': slackbot, lang: 'en' } });
    expect(meta(res.body, 'og:title')).toBe('Matcha set · Kyoto &quot;Tea&quot; &amp; Co');
    expect(meta(res.body, 'og:locale')).toBe('en');
  });

  it('gives a crawler the shop name on a shop page', async () => {
    const res = await ctx.app.inject({ url: `/shop/${shopId}`, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(meta(res.body, 'og:title')).toBe('Kyoto &quot;Tea&quot; &amp; Co');
    expect(meta(res.body, 'og:type')).toBe('website');
    expect(meta(res.body, 'product:price:amount')).toBeUndefined();
  });

  it('gives people the app page as it is', async () => {
    const res = await ctx.app.inject({ url: `/detail/${productId}/${shopId}`, headers: { 'user-agent': phone } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(page);
  });

  it.each([
    ['an unlisted product', () => `/detail/${hiddenId}`],
    ['a missing product', () => '/detail/99999999'],
    ['a missing shop', () => '/shop/99999999'],
    ['another page', () => '/home'],
  ])('gives a crawler the plain page for %s', async (_, url) => {
    const res = await ctx.app.inject({ url: url(), headers: { 'user-agent': slackbot } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(page);
    expect(res.body).not.toContain('og:title');
  });
});
