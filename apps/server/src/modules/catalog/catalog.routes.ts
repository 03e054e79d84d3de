import {
  type Category,
  categoryListSchema,
  type Home,
  homeSchema,
  idQuerySchema,
  type LanguageFile,
  type ProductPage,
  pageQuerySchema,
  productDetailSchema,
  productListQuerySchema,
  productPageSchema,
  productReviewsQuerySchema,
  reviewPageSchema,
  type SearchSuggestions,
  type ShopPage,
  searchSuggestionsSchema,
  searchSuggestQuerySchema,
  shopDetailSchema,
  shopPageSchema,
  shopSearchQuerySchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { microCache } from '../../shared/micro-cache.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  getHome,
  getProductDetail,
  getShopDetail,
  listCategories,
  listHotProducts,
  listHotShops,
  listPopularProducts,
  listProductReviews,
  listProducts,
  searchShops,
  suggestSearch,
} from './catalog.service.ts';
import { findViewerId } from './viewer.ts';

export interface CatalogRouteOptions extends ModuleDeps {
  /**
   * Told of every first page of a keyword search (relevance order) that found something, after the
   * answer is ready; it must not wait on anything (the search module counts it in memory).
   */
  onSearchFound?: (search: { lang: LanguageFile; keyword: string; caller: string }) => void;
}

/** Public catalog and shop calls (the contract): visitors may browse. */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (
  app,
  { config, database, onSearchFound },
) => {
  const { db } = database;
  // Public answers that are the same for every visitor are reused for a moment (README).
  const ttl = config.CATALOG_CACHE_MS;
  const homeCache = microCache<LanguageFile, Home>(ttl);
  const categoryCache = microCache<LanguageFile, Category[]>(ttl);
  const productPages = microCache<string, ProductPage>(ttl);
  const shopPages = microCache<string, ShopPage>(ttl);
  const suggestions = microCache<string, SearchSuggestions>(ttl);
  // With the cache off (ttl 0) the key is never read: no JSON.stringify of the query per request.
  const keyOf =
    ttl === 0
      ? () => ''
      : (request: { lang: LanguageFile; query: unknown }, kind: string) =>
          `${kind}|${request.lang}|${JSON.stringify(request.query)}`;
  // A token, when sent, shows the viewer's follow and favourite flags; visitors browse without one.
  // Callback style, and no promise at all without a token: most catalog calls are anonymous.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.token === undefined) {
      done();
      return;
    }
    optionalUser(request).then(() => done(), done);
  });

  app.get(
    '/api/home',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Banners, categories, hot products and hot shops for the first screen',
        response: { 200: successEnvelope(homeSchema) },
      },
    },
    async (request) => ok(request, await homeCache.get(request.lang, () => getHome(db, request.lang))),
  );

  app.get(
    '/api/category/list',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The 10 categories with localized names',
        response: { 200: successEnvelope(categoryListSchema) },
      },
    },
    async (request) => ok(request, await categoryCache.get(request.lang, () => listCategories(db, request.lang))),
  );

  app.get(
    '/api/product/list',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products by category, shop and keyword, sorted; `total` only when a counter gives it',
        querystring: productListQuerySchema,
        response: { 200: successEnvelope(productPageSchema) },
      },
    },
    async (request) => {
      const page = await productPages.get(keyOf(request, 'list'), () => listProducts(db, request.lang, request.query));
      const { keyword, page: number, sort } = request.query;
      // A search as typed: its first page in relevance order (a re-sort or the next page is the same search).
      if (onSearchFound && keyword && number === 1 && !sort && page.list.length > 0) {
        onSearchFound({ lang: request.lang, keyword, caller: request.ip });
      }
      return ok(request, page);
    },
  );

  app.get(
    '/api/search/suggest',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products and shops to offer while the shopper types a search',
        querystring: searchSuggestQuerySchema,
        response: { 200: successEnvelope(searchSuggestionsSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await suggestions.get(keyOf(request, 'suggest'), () => suggestSearch(db, request.lang, request.query.keyword)),
      ),
  );

  app.get(
    '/api/product/hot',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Best sellers, ties broken by shop visibility',
        querystring: pageQuerySchema,
        response: { 200: successEnvelope(productPageSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await productPages.get(keyOf(request, 'hot'), () => listHotProducts(db, request.lang, request.query)),
      ),
  );

  app.get(
    '/api/product/popular',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Most favourited products, then best sellers',
        querystring: pageQuerySchema,
        response: { 200: successEnvelope(productPageSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await productPages.get(keyOf(request, 'popular'), () => listPopularProducts(db, request.lang, request.query)),
      ),
  );

  app.get(
    '/api/product/detail',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product with its SKUs, shop card and newest reviews',
        querystring: idQuerySchema,
        response: { 200: successEnvelope(productDetailSchema) },
      },
    },
    async (request) => ok(request, await getProductDetail(db, request.lang, request.query.id, findViewerId(request))),
  );

  app.get(
    '/api/product/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A product's reviews, newest first (optionally only those with pictures), with the summary",
        querystring: productReviewsQuerySchema,
        response: { 200: successEnvelope(reviewPageSchema) },
      },
    },
    async (request) => {
      const { product_id, ...page } = request.query;
      return ok(request, await listProductReviews(db, product_id, page));
    },
  );

  app.get(
    '/api/shop/hot',
    {
      schema: {
        tags: ['shops'],
        summary: 'Open shops by visibility score',
        querystring: pageQuerySchema,
        response: { 200: successEnvelope(shopPageSchema) },
      },
    },
    async (request) => ok(request, await shopPages.get(keyOf(request, 'hot'), () => listHotShops(db, request.query))),
  );

  app.get(
    '/api/shop/detail',
    {
      schema: {
        tags: ['shops'],
        summary: 'A shop with sales, fans, favourable rate and the follow flag',
        querystring: idQuerySchema,
        response: { 200: successEnvelope(shopDetailSchema) },
      },
    },
    async (request) => ok(request, await getShopDetail(db, request.lang, request.query.id, findViewerId(request))),
  );

  app.get(
    '/api/shop/search',
    {
      schema: {
        tags: ['shops'],
        summary: 'Open shops by name or description',
        querystring: shopSearchQuerySchema,
        response: { 200: successEnvelope(shopPageSchema) },
      },
    },
    async (request) => {
      const { keyword, ...page } = request.query;
      return ok(request, await shopPages.get(keyOf(request, 'search'), () => searchShops(db, keyword, page)));
    },
  );
};
