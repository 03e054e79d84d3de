export { cartRoutes } from './cart.routes.ts';
export { localText } from './cart.service.ts';
