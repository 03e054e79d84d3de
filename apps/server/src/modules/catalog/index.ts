export { type CatalogRouteOptions, catalogRoutes } from './catalog.routes.ts';
export {
  areProductsPurchasable,
  countShopsSince,
  listProductsForAdmin,
  listShopsForAdmin,
  type StatusChange,
  setProductTakenDown,
  setShopSuspended,
} from './catalog-admin.service.ts';
export { catalogUserRoutes } from './catalog-user.routes.ts';
export { syncCategories } from './categories.service.ts';
export { recountCatalog } from './counters.service.ts';
export { catalogDemoSeed } from './demo-seed.ts';
export {
  addFavourite,
  followShop,
  listFavouriteProducts,
  listFollowedShops,
  removeFavourite,
  unfollowShop,
} from './follow.service.ts';
export {
  createProduct,
  createShop,
  type NewProduct,
  type NewShop,
  type NewSku,
  setProductStatus,
  setShopStatus,
} from './listings.service.ts';
export {
  deleteShopProduct,
  getShopProductForm,
  listShopProducts,
  listShopReviews,
  replyToShopReview,
  saveShopProduct,
  setShopProductStatus,
} from './product-admin.service.ts';
export { addReview, isOrderItemReviewed, type NewReview, reviewedItemRefs } from './reviews.service.ts';
export { productSearchVector, shopSearchVector } from './search-vectors.ts';
export { getSharePreview, type SharePreview } from './share-preview.service.ts';
export {
  findShopByOwner,
  getShopStanding,
  isShopNameTaken,
  listCategoryIds,
  type OwnedShop,
  openMerchantShop,
  saveShopProfile,
} from './shop-admin.service.ts';
export {
  findOpenShopByName,
  findShopSummary,
  listOwnedShopIds,
  listShopSummaries,
  type ShopSummary,
} from './shop-lookup.service.ts';
export { recordSales, recordShopSupport, refreshShopWindows, type SaleLine } from './shop-windows.service.ts';
export { shopOwner, shopRefs, skuLineFields, skuSnapshots, skuStock } from './snapshots.service.ts';
export { releaseStock, reserveStock } from './stock.service.ts';
