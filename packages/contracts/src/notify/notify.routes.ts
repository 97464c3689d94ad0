import { declareRoute } from '../http/route-declaration.js';
import {
  ZMarkNotificationReadRequest,
  ZMarkNotificationReadResponse,
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationSettings,
} from './notify.contracts.js';
import { notifyEndpoints } from './notify.endpoints.js';

/** The notification routes as the server declares them (issue 15). */
export const notifyRoutes = {
  getNotificationList: declareRoute(notifyEndpoints.getNotificationList, {
    summary: "The caller's notifications, newest first, with the count of unread ones (both books alike)",
    tags: ['notifications'],
    owner: 'caller',
    body: ZNotificationListRequest,
    response: ZNotificationListResponse,
  }),
  markNotificationRead: declareRoute(notifyEndpoints.markNotificationRead, {
    summary: 'Mark one notification (`id`) or every unread one (`all: true`) read; answers the unread count',
    tags: ['notifications'],
    owner: { record: 'notification', at: 'body.id' },
    body: ZMarkNotificationReadRequest,
    response: ZMarkNotificationReadResponse,
  }),
  notificationSettings: declareRoute(notifyEndpoints.notificationSettings, {
    summary: 'Whether notifications are also e-mailed',
    tags: ['notifications'],
    owner: 'caller',
    response: ZNotificationSettings,
  }),
  updateNotificationSettings: declareRoute(notifyEndpoints.updateNotificationSettings, {
    summary: "Turn e-mailed notifications on or off; mails are written in the request's language",
    tags: ['notifications'],
    owner: 'caller',
    body: ZNotificationSettings,
    response: ZNotificationSettings,
  }),
};
