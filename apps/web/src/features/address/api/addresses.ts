import type { Address, AddressDeleteResult, AddressList, AddressSaveRequest } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { addressListKey } from '../../../shared/api/query-keys.ts';

export const addressKey = (id: number) => ['address', id] as const;

/** `GET /api/user/address_list`: the default first. */
export const addressListQuery = queryOptions({
  queryKey: addressListKey,
  queryFn: async () => (await api.get<AddressList>('/api/user/address_list')).list,
});

/** `GET /api/user/address?id=`. */
export const addressQuery = (id: number) =>
  queryOptions({
    queryKey: addressKey(id),
    queryFn: () => api.get<Address>('/api/user/address', { id }),
  });

/** `POST /api/user/address_add`: create, or update with `id`. */
export function saveAddress(body: AddressSaveRequest): Promise<Address> {
  return api.post<Address>('/api/user/address_add', body);
}

/** `POST /api/user/address_set_default`. */
export function setDefaultAddress(id: number): Promise<Address> {
  return api.post<Address>('/api/user/address_set_default', { id });
}

/** `GET /api/user/address_del?id=` (a GET in the spec). */
export function deleteAddress(id: number): Promise<AddressDeleteResult> {
  return api.get<AddressDeleteResult>('/api/user/address_del', { id });
}
