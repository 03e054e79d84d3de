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
  deleteShopProduct,
  getShopProductForm,
  listShopProducts,
  listShopReviews,
  replyToShopReview,
  saveShopProduct,
  setShopProductStatus,
} from './product-admin.service.ts';
export {
  findShopByOwner,
  getShopStanding,
  isShopNameTaken,
  listCategoryIds,
  type OwnedShop,
  openMerchantShop,
  saveShopProfile,
} from './shop-admin.service.ts';
