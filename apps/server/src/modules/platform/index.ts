export { platformRoutes } from './platform.routes.ts';
export { currencyExponent } from './platform.service.ts';
