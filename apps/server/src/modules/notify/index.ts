export {
  NOTIFICATION_TEMPLATES,
  type NotificationParams,
  type NotificationTemplate,
} from '@openbourse/contracts';
export type { NotifyRecipients } from './notification-settings.js';
export { createNotifyModule, type NotifyModuleDeps, type NotifyService } from './notify.module.js';
export type { NotifyTables } from './notify.tables.js';
export { type NotifyInput, notifyUser, notifyUsers } from './notify-user.js';
