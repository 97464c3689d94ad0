import { AppError } from '../../platform/errors/app-error.js';
import { release } from '../ledger/index.js';
import { type PositionRow, updatePosition } from './trading.repository.js';
import { lockPosition, type PositionOwner, type TradingContext, type TradingTrx } from './trading-context.js';

/** Cancels a pending order: its margin hold goes back to the user. */
export async function cancelOrder(
  trx: TradingTrx,
  ctx: TradingContext,
  owner: PositionOwner,
  orderNo: string,
): Promise<PositionRow> {
  const current = await lockPosition(trx, owner, orderNo);
  if (current.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
  if (current.margin_hold_id) {
    await release(trx, {
      holdId: current.margin_hold_id,
      idempotencyKey: `trade:${orderNo}:cancel`,
      reason: 'trade_margin_release',
    });
  }
  const at = new Date(ctx.now());
  return updatePosition(trx, current.id, {
    status: 'cancelled',
    close_reason: 'cancelled',
    closed_at: at,
    margin_hold_id: null,
    updated_at: at,
  });
}
