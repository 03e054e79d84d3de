export { openEventStreamCount } from './event-stream.ts';
export { type ServiceRouteOptions, serviceRoutes } from './service.routes.ts';
export { countUserUnread, isPictureInConversationOf } from './service.service.ts';
