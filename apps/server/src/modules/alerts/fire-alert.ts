import type { Clock } from '../../platform/clock.js';
import { notifyUser } from '../notify/index.js';
import type { AlertsDb } from './alerts.context.js';
import { type AlertRow, markFired } from './alerts.repository.js';

/**
 * Fires one alert at the tick that crossed it, once: the conditional UPDATE finds it active only
 * the first time, whoever tries. The "price alert" notification is written in the same
 * transaction (the user who is away finds it in the list; notify pushes it after the commit).
 * Answers the fired row, or undefined when it had already fired or was deleted.
 */
export async function fireAlert(
  db: AlertsDb,
  clock: Clock,
  id: string,
  tickPrice: string,
): Promise<AlertRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await markFired(trx, id, { at: clock.now(), price: tickPrice });
    if (!row) return undefined;
    await notifyUser(trx, {
      userId: row.user_id,
      template: 'price_alert',
      params: { code: row.code, price: row.price, direction: row.direction },
    });
    return row;
  });
}
