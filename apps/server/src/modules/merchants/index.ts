export { applyForShop, auditApplication, countPendingApplications, getMerchantInfo } from './applications.service.ts';
export { merchantsRoutes } from './merchants.routes.ts';
export { merchantsSeedPart } from './merchants.seed.ts';
