import {
  cartAddBodySchema,
  cartCountSchema,
  cartDeleteBodySchema,
  cartDeleteResultSchema,
  cartItemRowSchema,
  cartListSchema,
  cartSelectAllBodySchema,
  cartUpdateBodySchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireBuyer } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { addToCart, countCart, deleteCartItems, listCart, selectAllCartItems, updateCartItem } from './cart.service.ts';

/** Cart calls (the contract), for logged-in buyers; every row is the token's user's own. */
export const cartRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database }) => {
  app.addHook('onRequest', requireBuyer);
  const { db } = database;
  const security = [{ token: [] }];
  const tags = ['cart'];

  app.get(
    '/api/cart/list',
    {
      schema: {
        tags,
        summary: 'The cart, grouped per shop',
        security,
        response: { 200: successEnvelope(cartListSchema) },
      },
    },
    async (request) => ok(request, await listCart(db, currentUser(request).id, request.lang)),
  );
  app.get(
    '/api/cart/count',
    {
      schema: {
        tags,
        summary: 'Units in the cart (tab badge)',
        security,
        response: { 200: successEnvelope(cartCountSchema) },
      },
    },
    async (request) => ok(request, { count: await countCart(db, currentUser(request).id) }),
  );
  app.post(
    '/api/cart/add',
    {
      schema: {
        tags,
        summary: 'Add a SKU (adds to the quantity when already there)',
        security,
        body: cartAddBodySchema,
        response: { 200: successEnvelope(cartItemRowSchema) },
      },
    },
    async (request) => ok(request, await addToCart(db, currentUser(request).id, request.body), 'success.cart_added'),
  );
  app.post(
    '/api/cart/update',
    {
      schema: {
        tags,
        summary: 'Change a line’s quantity or selection',
        security,
        body: cartUpdateBodySchema,
        response: { 200: successEnvelope(cartItemRowSchema) },
      },
    },
    async (request) => ok(request, await updateCartItem(db, currentUser(request).id, request.body)),
  );
  app.post(
    '/api/cart/select_all',
    {
      schema: {
        tags,
        summary: 'Select or unselect every line',
        security,
        body: cartSelectAllBodySchema,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await selectAllCartItems(db, currentUser(request).id, request.body.selected);
      return ok(request, null);
    },
  );
  app.post(
    '/api/cart/delete',
    {
      schema: {
        tags,
        summary: 'Delete lines',
        security,
        body: cartDeleteBodySchema,
        response: { 200: successEnvelope(cartDeleteResultSchema) },
      },
    },
    async (request) =>
      ok(request, { deleted: await deleteCartItems(db, currentUser(request).id, request.body.ids) }, 'success.deleted'),
  );
};
