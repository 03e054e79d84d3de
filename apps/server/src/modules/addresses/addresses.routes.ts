import {
  addressDeleteResultSchema,
  addressIdBodySchema,
  addressIdQuerySchema,
  addressListSchema,
  addressSaveRequestSchema,
  addressSchema,
  successEnvelope,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { deleteAddress, findAddress, listAddresses, saveAddress, setDefaultAddress } from './addresses.service.ts';

/** The address book calls of docs/spec.md §7 (paths as the spec has them; `address_del` is a GET there). */
export const addressesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database }) => {
  app.addHook('onRequest', requireUser);
  const { db } = database;
  const security = [{ token: [] }];
  const tags = ['addresses'];

  app.get(
    '/api/user/address_list',
    {
      schema: {
        tags,
        summary: "The user's shipping addresses, the default first",
        security,
        response: { 200: successEnvelope(addressListSchema) },
      },
    },
    async (request) => ok(request, { list: await listAddresses(db, currentUser(request).id) }),
  );

  app.post(
    '/api/user/address_add',
    {
      schema: {
        tags,
        summary: 'Create an address, or update one when `id` is given',
        security,
        body: addressSaveRequestSchema,
        response: { 200: successEnvelope(addressSchema) },
      },
    },
    async (request) => ok(request, await saveAddress(db, currentUser(request).id, request.body), 'success.saved'),
  );

  app.get(
    '/api/user/address',
    {
      schema: {
        tags,
        summary: 'One of the user’s addresses',
        security,
        querystring: addressIdQuerySchema,
        response: { 200: successEnvelope(addressSchema) },
      },
    },
    async (request) => ok(request, await findAddress(db, currentUser(request).id, request.query.id)),
  );

  app.post(
    '/api/user/address_set_default',
    {
      schema: {
        tags,
        summary: 'Make an address the default (the previous default stops being one)',
        security,
        body: addressIdBodySchema,
        response: { 200: successEnvelope(addressSchema) },
      },
    },
    async (request) =>
      ok(request, await setDefaultAddress(db, currentUser(request).id, request.body.id), 'success.saved'),
  );

  app.get(
    '/api/user/address_del',
    {
      schema: {
        tags,
        summary: 'Delete an address (deleting the default promotes the most recent other one)',
        security,
        querystring: addressIdQuerySchema,
        response: { 200: successEnvelope(addressDeleteResultSchema) },
      },
    },
    async (request) =>
      ok(request, await deleteAddress(db, currentUser(request).id, request.query.id), 'success.deleted'),
  );
};
