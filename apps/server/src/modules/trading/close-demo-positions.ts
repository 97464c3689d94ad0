import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { cancelOrder } from './cancel-order.js';
import { settlePosition } from './close-position.js';
import { activeDemoPositions, type PositionRow } from './trading.repository.js';
import { lockPosition, type TradingContext, type TradingDb } from './trading-context.js';

/**
 * Before a demo reset: every open demo position is closed at the current price and every pending
 * demo order cancelled, each in a transaction of its own; `changed` hears each one's rows once
 * it has committed.
 */
export async function closeDemoPositions(
  db: TradingDb,
  ctx: TradingContext,
  userId: string,
  changed: (rows: PositionRow[]) => void,
): Promise<void> {
  const rows = await activeDemoPositions(db, userId);
  for (const row of rows) {
    if (row.status === 'pending') {
      const cancelled = await inRetriedTransaction(db, (trx) =>
        cancelOrder(trx, ctx, { userId, book: 'demo' }, row.order_no),
      );
      changed([cancelled]);
      continue;
    }
    const instrument = ctx.hub.instrumentById(row.instrument_id);
    const price = instrument ? ctx.hub.state(instrument.code)?.price : null;
    if (!price) throw new AppError('NOT_TRADABLE_NOW');
    const closed = await inRetriedTransaction(db, async (trx) => {
      const locked = await lockPosition(trx, { userId, book: 'demo' }, row.order_no);
      if (locked.status !== 'open' || !instrument) return [];
      return settlePosition(trx, ctx, locked, instrument, locked.lots, price, 'manual', 'demo account reset');
    });
    changed(closed);
  }
}
