import { BOOKS, type Book } from '@openbourse/contracts';
import { bookActivityRows } from './trading.repository.js';
import { type TradingTrx, usdt } from './trading-context.js';

export type BookActivity = { book: Book; openPositions: number; pendingOrders: number; marginInUse: string };

/**
 * Per book (live, demo): the positions open now, the orders waiting to fill and the USDT margin
 * they reserve (the back office's dashboard, #14). A book with nothing in it answers zeros.
 */
export async function bookActivity(db: TradingTrx): Promise<BookActivity[]> {
  const rows = new Map((await bookActivityRows(db)).map((row) => [row.book, row]));
  return BOOKS.map((book) => {
    const row = rows.get(book);
    return {
      book,
      openPositions: row?.open_positions ?? 0,
      pendingOrders: row?.pending_orders ?? 0,
      marginInUse: usdt(BigInt(row?.margin ?? '0')),
    };
  });
}
