import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZMarkNotificationReadRequest,
  ZMarkNotificationReadResponse,
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationSettings,
} from './notify.contracts.js';

/**
 * The notification endpoints as clients see them (types only: this file loads no schema). They
 * are per user, not per book: the live and the demo book list the same notifications.
 */
export const notifyEndpoints = {
  getNotificationList: endpoint<
    { body: InputOf<typeof ZNotificationListRequest> },
    OutputOf<typeof ZNotificationListResponse>,
    'user'
  >('POST', '/swx/customer/user/getNotificationList', 'user'),
  markNotificationRead: endpoint<
    { body: InputOf<typeof ZMarkNotificationReadRequest> },
    OutputOf<typeof ZMarkNotificationReadResponse>,
    'user'
  >('POST', '/swx/customer/user/markNotificationRead', 'user'),
  notificationSettings: endpoint<NoInput, OutputOf<typeof ZNotificationSettings>, 'user'>(
    'GET',
    '/swx/customer/user/notificationSettings',
    'user',
  ),
  updateNotificationSettings: endpoint<
    { body: InputOf<typeof ZNotificationSettings> },
    OutputOf<typeof ZNotificationSettings>,
    'user'
  >('POST', '/swx/customer/user/notificationSettings', 'user'),
};
