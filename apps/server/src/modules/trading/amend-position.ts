import { AppError } from '../../platform/errors/app-error.js';
import { checkTrailing } from './order-checks.js';
import { type PositionRow, updatePosition } from './trading.repository.js';
import { lockPosition, type PositionOwner, type TradingContext, type TradingTrx } from './trading-context.js';
import { fail } from './trading-errors.js';
import { tradingInstrument, validateStops } from './trading-rules.js';

export type AmendRequest = {
  orderNo: string;
  stopLoss?: string | null;
  takeProfit?: string | null;
  trailingDistance?: string | null;
};

/**
 * Changes the stop loss, take profit or trailing distance of an open position or a pending
 * order (undefined keeps a level, null removes it); the levels are checked against the entry
 * price of a pending order, or the current price of an open position.
 */
export async function amendPosition(
  trx: TradingTrx,
  ctx: TradingContext,
  owner: PositionOwner,
  request: AmendRequest,
): Promise<PositionRow> {
  const current = await lockPosition(trx, owner, request.orderNo);
  if (current.status !== 'open' && current.status !== 'pending') throw new AppError('POSITION_NOT_OPEN');
  const instrument = ctx.hub.instrumentById(current.instrument_id);
  if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
  const stopLoss = request.stopLoss === undefined ? current.stop_loss : request.stopLoss;
  const takeProfit = request.takeProfit === undefined ? current.take_profit : request.takeProfit;
  const trailing = request.trailingDistance === undefined ? current.trailing_distance : request.trailingDistance;
  const reference =
    current.status === 'pending' ? (current.entry_price as string) : (ctx.hub.state(instrument.code)?.price ?? null);
  if (reference === null) throw new AppError('NOT_TRADABLE_NOW');
  const problem = validateStops(current.side, reference, stopLoss, takeProfit, tradingInstrument(instrument));
  if (problem) fail(problem);
  checkTrailing(trailing, instrument);
  return updatePosition(trx, current.id, {
    stop_loss: stopLoss,
    take_profit: takeProfit,
    trailing_distance: trailing,
    updated_at: new Date(ctx.now()),
  });
}
