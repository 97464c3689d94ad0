import type { TAlertDeleted } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import type { AlertsContext } from './alerts.context.js';
import { deleteAlert } from './alerts.repository.js';

/** Deletes one of the user's alerts, active or fired; another user's id answers like a missing one. */
export async function deleteUserAlert(ctx: AlertsContext, userId: string, id: string): Promise<TAlertDeleted> {
  if (!(await deleteAlert(ctx.db, userId, id))) throw new AppError('ALERT_NOT_FOUND');
  ctx.changes.changed(id, null);
  return { deleted: true };
}
