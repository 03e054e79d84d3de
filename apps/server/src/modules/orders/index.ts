export { type AddressLookup, type LookedUpAddress, normalizePromoCode } from './checkout.service.ts';
export { type OrdersRouteOptions, orderSettingsFrom, ordersRoutes } from './orders.routes.ts';
export {
  commissionOf,
  type OrderSettings,
  runOrderSweeps,
  type SweepResult,
  sweepAutoReceive,
  sweepCompletions,
  sweepUnpaidOrders,
  unsettledOrderCount,
} from './orders.service.ts';
