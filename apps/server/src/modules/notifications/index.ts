export { type NotificationsRouteOptions, notificationsRoutes } from './notifications.routes.ts';
export { markNotificationsReadByRef, notify } from './notifications.service.ts';
