import {
  favouriteListSchema,
  favouriteResultSchema,
  followListSchema,
  followResultSchema,
  pageQuerySchema,
  productIdBodySchema,
  shopIdBodySchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  addFavourite,
  followShop,
  listFavouriteProducts,
  listFollowedShops,
  removeFavourite,
  unfollowShop,
} from './follow.service.ts';
import { requireViewerId } from './viewer.ts';

/**
 * Follow and favourite calls (the contract), for logged-in users only. They read the user from
 * `request.user`, set by the auth plugin's `requireUser` guard (`code: 401` without a valid token).
 */
export const catalogUserRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database }) => {
  app.addHook('onRequest', requireUser);
  const { db } = database;
  const security = [{ token: [] }];

  app.post(
    '/api/shop/follow',
    {
      schema: {
        tags: ['shops'],
        summary: 'Follow a shop (idempotent)',
        security,
        body: shopIdBodySchema,
        response: { 200: successEnvelope(followResultSchema) },
      },
    },
    async (request) =>
      ok(request, await followShop(db, requireViewerId(request), request.body.shop_id), 'success.followed'),
  );

  app.post(
    '/api/shop/unfollow',
    {
      schema: {
        tags: ['shops'],
        summary: 'Unfollow a shop (idempotent)',
        security,
        body: shopIdBodySchema,
        response: { 200: successEnvelope(followResultSchema) },
      },
    },
    async (request) =>
      ok(request, await unfollowShop(db, requireViewerId(request), request.body.shop_id), 'success.unfollowed'),
  );

  app.get(
    '/api/user/follow_list',
    {
      schema: {
        tags: ['shops'],
        summary: 'The shops the user follows, newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: successEnvelope(followListSchema) },
      },
    },
    async (request) => ok(request, await listFollowedShops(db, requireViewerId(request), request.query)),
  );

  app.post(
    '/api/user/favourite_add',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Add a product to favourites (idempotent)',
        security,
        body: productIdBodySchema,
        response: { 200: successEnvelope(favouriteResultSchema) },
      },
    },
    async (request) =>
      ok(request, await addFavourite(db, requireViewerId(request), request.body.product_id), 'success.favourite_added'),
  );

  app.post(
    '/api/user/favourite_del',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Remove a product from favourites (idempotent)',
        security,
        body: productIdBodySchema,
        response: { 200: successEnvelope(favouriteResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await removeFavourite(db, requireViewerId(request), request.body.product_id),
        'success.favourite_removed',
      ),
  );

  app.get(
    '/api/user/favourite_list',
    {
      schema: {
        tags: ['favourites'],
        summary: 'The products the user favourited, newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: successEnvelope(favouriteListSchema) },
      },
    },
    async (request) =>
      ok(request, await listFavouriteProducts(db, request.lang, requireViewerId(request), request.query)),
  );
};
