export { openEventStreamCount } from './event-stream.ts';
export { type ServiceRouteOptions, serviceRoutes } from './service.routes.ts';
export { countUnansweredConversations, countUserUnread, isPictureInConversationOf } from './service.service.ts';
