import type { PositionSide } from '@openbourse/contracts';
import type { Instrument } from '../market/index.js';
import { fail } from './trading-errors.js';
import { validateEntryPrice, validateTrailingDistance } from './trading-rules.js';

/** The entry price of a pending order must wait for a better (limit) or worse (stop) price. */
export function checkEntry(side: PositionSide, type: 'limit' | 'stop', entry: string, current: string): void {
  const problem = validateEntryPrice(side, type, entry, current);
  if (problem) fail(problem);
}

/** A trailing distance is a positive whole number of ticks. */
export function checkTrailing(distance: string | undefined | null, instrument: Instrument): void {
  const problem = validateTrailingDistance(distance, { tickSize: instrument.tick_size });
  if (problem) fail(problem);
}
