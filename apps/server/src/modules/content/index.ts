export { contentRoutes } from './content.routes.ts';
export { syncLanguages } from './languages.service.ts';
