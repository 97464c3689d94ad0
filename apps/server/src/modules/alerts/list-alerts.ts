import type { TAlertList } from '@openbourse/contracts';
import { toWire } from './alert-wire.js';
import type { AlertsDb } from './alerts.context.js';
import { listAlerts } from './alerts.repository.js';

/** At most this many: every active alert (at most 50) and the latest fired ones. */
const LIST_LIMIT = 100;

/** The user's alerts, the same in both books. */
export async function listUserAlerts(db: AlertsDb, userId: string): Promise<TAlertList> {
  const rows = await listAlerts(db, userId, LIST_LIMIT);
  return { items: rows.map(toWire) };
}
