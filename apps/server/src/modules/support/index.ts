export { type SupportRouteOptions, supportRoutes } from './support.routes.ts';
export { countUserUnread, isPictureInConversationOf } from './support.service.ts';
