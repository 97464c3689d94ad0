import { MAX_ACTIVE_ALERTS, type TAlert, type TCreateAlertRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { validatePrice } from '@openbourse/trading-rules';
import { AppError } from '../../platform/errors/app-error.js';
import { toWire } from './alert-wire.js';
import type { AlertsContext } from './alerts.context.js';
import { countActiveAlerts, insertAlert, lockUserAlerts } from './alerts.repository.js';

/**
 * Sets a price alert. Refused: an unknown (or switched-off) instrument (10132); a price that is
 * not positive or not a whole number of the instrument's ticks (10140); a level the last price
 * has already reached — "above" at or below the last price, "below" at or above it — since it
 * would fire on the next tick and tell the user nothing (10192, as brokers do); a 51st active
 * alert (10191). With no price yet (a feed that has sent nothing) the level is not compared.
 */
export async function createAlert(ctx: AlertsContext, userId: string, request: TCreateAlertRequest): Promise<TAlert> {
  const instrument = ctx.prices.instrument(request.code);
  if (!instrument?.enabled) throw new AppError('UNKNOWN_INSTRUMENT');
  if (validatePrice(request.price, { tickSize: instrument.tick_size }) !== null) throw new AppError('PRICE_INVALID');
  const level = Decimal.parse(request.price);
  const last = ctx.prices.state(request.code)?.price ?? null;
  if (last !== null) {
    const cmp = Decimal.parse(last).cmp(level);
    if ((request.direction === 'above' && cmp >= 0) || (request.direction === 'below' && cmp <= 0)) {
      throw new AppError('ALERT_PRICE_ALREADY_REACHED');
    }
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockUserAlerts(trx, userId);
    if ((await countActiveAlerts(trx, userId)) >= MAX_ACTIVE_ALERTS) throw new AppError('ALERT_LIMIT_REACHED');
    return insertAlert(trx, {
      userId,
      code: instrument.code,
      direction: request.direction,
      price: level.toString(),
      createdAt: ctx.clock.now(),
    });
  });
  ctx.changes.changed(row.id, row);
  return toWire(row);
}
