import type { Book, TOrdersQuery, TPosition } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { positionToWire } from './position-wire.js';
import { findPosition, latestPositions, listPositions, type PositionStatus } from './trading.repository.js';
import {
  isOwnedBy,
  type PositionOwner,
  requireInstrument,
  type TradingContext,
  type TradingTrx,
} from './trading-context.js';

/** A page of the account's orders in one status (closed includes cancelled), with the instruments it spans. */
export async function listOrders(db: TradingTrx, ctx: TradingContext, userId: string, book: Book, query: TOrdersQuery) {
  const { status, page, size } = query;
  const statuses: PositionStatus[] = status === 'closed' ? ['closed', 'cancelled'] : [status];
  const { rows, total, instrumentIds } = await listPositions(
    db,
    {
      userId,
      book,
      statuses,
      instrumentId: query.code === undefined ? undefined : requireInstrument(ctx, query.code).id,
      reason: query.reason,
    },
    { page, size },
  );
  const codes = instrumentIds
    .map((id) => ctx.hub.instrumentById(id)?.code)
    .filter((code): code is string => code !== undefined)
    .sort();
  return { items: rows.map((row) => positionToWire(ctx, row)), total, codes };
}

/** One of the user's orders in the request's book; someone else's, or one in the other book, answers as a missing one. */
export async function getOrder(
  db: TradingTrx,
  ctx: TradingContext,
  owner: PositionOwner,
  orderNo: string,
): Promise<TPosition> {
  const row = await findPosition(db, orderNo);
  if (!row || !isOwnedBy(row, owner)) throw new AppError('NO_PERMISSION_ON_RECORD');
  return positionToWire(ctx, row);
}

/** The account's latest 200 orders of every status. */
export async function allOrders(db: TradingTrx, ctx: TradingContext, userId: string, book: Book) {
  const rows = await latestPositions(db, userId, book, 200);
  return rows.map((row) => ({ ...positionToWire(ctx, row), kind: 'position' as const }));
}
