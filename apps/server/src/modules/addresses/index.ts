export { addressesRoutes } from './addresses.routes.ts';
export {
  type AddressSnapshot,
  getAddress,
  getDefaultAddressId,
  listAddresses,
} from './addresses.service.ts';
