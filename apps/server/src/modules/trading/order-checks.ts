import type { PositionSide } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import type { Instrument } from '../market/index.js';
import { fail } from './trading-errors.js';

/** The entry price of a pending order must wait for a better (limit) or worse (stop) price. */
export function checkEntry(side: PositionSide, type: 'limit' | 'stop', entry: string, current: string): void {
  const above = Decimal.parse(entry).gt(Decimal.parse(current));
  const below = Decimal.parse(entry).lt(Decimal.parse(current));
  const ok = type === 'limit' ? (side === 'long' ? below : above) : side === 'long' ? above : below;
  if (!ok) throw new AppError('ENTRY_PRICE_UNREASONABLE');
}

/** A trailing distance is a positive whole number of ticks. */
export function checkTrailing(distance: string | undefined | null, instrument: Instrument): void {
  if (distance === undefined || distance === null) return;
  const value = Decimal.parse(distance);
  if (!value.isPositive() || !value.isMultipleOf(Decimal.parse(instrument.tick_size))) fail('PRICE_INVALID');
}
