export { mutualAidRoutes } from './mutual-aid.routes.ts';
export { getSupportStatus, listSupports, type SupportClock, supportShop } from './mutual-aid.service.ts';
