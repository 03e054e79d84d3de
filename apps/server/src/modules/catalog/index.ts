export { catalogRoutes } from './catalog.routes.ts';
export { catalogUserRoutes } from './catalog-user.routes.ts';
export { syncCategories } from './categories.service.ts';
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
  addReview,
  createProduct,
  createShop,
  type NewProduct,
  type NewReview,
  type NewShop,
  type NewSku,
  platformDay,
  productSearchVector,
  recordSales,
  recordShopSupport,
  recountCatalog,
  refreshShopWindows,
  releaseStock,
  reserveStock,
  type SaleLine,
  setProductStatus,
  setShopStatus,
} from './inventory.service.ts';
export {
  findOpenShopByName,
  findShopSummary,
  listOwnedShopIds,
  listShopSummaries,
  type ShopSummary,
} from './shop-lookup.service.ts';
