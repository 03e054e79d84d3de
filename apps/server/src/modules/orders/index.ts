export { type AddressLookup, type LookedUpAddress, normalizePromoCode } from './checkout.service.ts';
export { commentOrderItem } from './order-reviews.service.ts';
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
export {
  getOrderForAdmin,
  listOrdersForAdmin,
  listPlatformPromos,
  salesSince,
  savePlatformPromo,
} from './orders-admin.service.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { countShopOpenRefunds, isRefundPictureOfShopOwner } from './refunds.service.ts';
export {
  addShopLogisticsEvent,
  countShopOrdersToShip,
  getShopOrderDetail,
  isProductOrdered,
  listShopOrders,
  listShopPromos,
  listShopSettlements,
  saveShopPromo,
  shopSalesSince,
} from './shop-orders.service.ts';
