import type { TNotification } from '@openbourse/contracts';
import type { NotificationRow } from './notify.repository.js';

/** A notification as the API and the socket carry it. */
export function toWire(row: NotificationRow): TNotification {
  return {
    id: String(row.id),
    template: row.template,
    params: row.params,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}
