export { type AddressLookup, type LookedUpAddress, normalizePromoCode } from './checkout.service.ts';
export { loadOrderSettings, type OrderSettings, orderSettingsOf } from './order-settings.ts';
export {
  commissionOf,
  runOrderSweeps,
  type SweepResult,
  sweepAutoReceive,
  sweepBacklog,
  sweepCompletions,
  sweepUnpaidOrders,
  unsettledOrderCount,
} from './order-sweeps.service.ts';
export { type OrdersRouteOptions, ordersRoutes } from './orders.routes.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { countShopOpenRefunds, isRefundPictureOfShopOwner } from './refunds.service.ts';
export {
  addShopLogisticsEvent,
  countShopOrdersToShip,
  getShopOrderDetail,
  listShopOrders,
  listShopPromos,
  listShopSettlements,
  saveShopPromo,
  shopSalesSince,
} from './shop-orders.service.ts';
