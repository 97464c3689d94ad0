import { Decimal } from '@openbourse/money';

/**
 * A price read off the chart (a pointer's height turned into a price by the chart, a number)
 * as the level it proposes: the nearest whole number of ticks, as an exact decimal string for
 * the amend request. Null for no positive level.
 */
export function snapToTick(price: number | null, tickSize: string): string | null {
  if (price === null || !Number.isFinite(price)) return null;
  const tick = Decimal.parse(tickSize);
  const tickNumber = Number(tickSize);
  if (!tick.isPositive() || !(tickNumber > 0)) return null;
  const ticks = Math.round(price / tickNumber);
  if (!Number.isSafeInteger(ticks) || ticks < 1) return null;
  return tick.mul(Decimal.fromInteger(ticks)).toString();
}
