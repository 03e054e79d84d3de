export { cartRoutes } from './cart.routes.ts';
export { cartLinesForCheckout, deleteCartItems } from './cart.service.ts';
