import type { Book, PositionSide } from '@openbourse/contracts';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { TradingTables } from './trading.tables.js';

/**
 * The trading module's SQL, all of it, on a view of its own tables: the positions (orders and
 * their closed parts) and the per-account exposure sums a trigger keeps beside them.
 */

type Db = DbView<TradingTables>;
type Positions = TradingTables['trading_positions'];

export type PositionRow = Omit<Positions, 'subaccount'> & {
  id: string;
  subaccount: string;
  created_at: Date;
  updated_at: Date;
};
export type NewPosition = Insertable<Positions>;
export type PositionChanges = Updateable<Positions>;
export type PositionStatus = Positions['status'];

/** Locks a position row for the rest of the transaction (every state change starts here). */
export async function lockPositionRow(db: Db, orderNo: string): Promise<PositionRow | null> {
  const row = await db
    .selectFrom('trading_positions')
    .selectAll()
    .where('order_no', '=', orderNo)
    .forUpdate()
    .executeTakeFirst();
  return (row as PositionRow | undefined) ?? null;
}

export async function findPosition(db: Db, orderNo: string): Promise<PositionRow | null> {
  const row = await db.selectFrom('trading_positions').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  return (row as PositionRow | undefined) ?? null;
}

export async function updatePosition(db: Db, id: string, changes: PositionChanges): Promise<PositionRow> {
  return (await db
    .updateTable('trading_positions')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as PositionRow;
}

export async function insertPosition(db: Db, position: NewPosition): Promise<PositionRow> {
  return (await db
    .insertInto('trading_positions')
    .values(position)
    .returningAll()
    .executeTakeFirstOrThrow()) as PositionRow;
}

/** Many positions in one statement (a group commit of opens). */
export async function insertPositions(db: Db, positions: NewPosition[]): Promise<PositionRow[]> {
  return (await db.insertInto('trading_positions').values(positions).returningAll().execute()) as PositionRow[];
}

export type PositionFilter = {
  userId: string;
  book: Book;
  statuses: PositionStatus[];
  instrumentId?: number;
  /** A close reason, or 'cancelled' for the cancelled orders. */
  reason?: NonNullable<Positions['close_reason']>;
};

/**
 * A page of an account's positions in the statuses asked, newest first, with the total that
 * matches the filter and the instruments it has positions on in those statuses (the filter's
 * choices).
 */
export async function listPositions(
  db: Db,
  filter: PositionFilter,
  page: { page: number; size: number },
): Promise<{ rows: PositionRow[]; total: number; instrumentIds: number[] }> {
  const ofStatus = db
    .selectFrom('trading_positions')
    .where('user_id', '=', filter.userId)
    .where('book', '=', filter.book)
    .where('status', 'in', filter.statuses);
  let filtered = ofStatus;
  if (filter.instrumentId !== undefined) filtered = filtered.where('instrument_id', '=', filter.instrumentId);
  if (filter.reason === 'cancelled') filtered = filtered.where('status', '=', 'cancelled');
  else if (filter.reason !== undefined) filtered = filtered.where('close_reason', '=', filter.reason);
  const [rows, count, instruments] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ofStatus.select('instrument_id').distinct().execute(),
  ]);
  return {
    rows: rows as PositionRow[],
    total: Number(count.n),
    instrumentIds: instruments.map((row) => row.instrument_id),
  };
}

/** An account's latest positions of every status, newest first. */
export async function latestPositions(db: Db, userId: string, book: Book, limit: number): Promise<PositionRow[]> {
  return (await db
    .selectFrom('trading_positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('book', '=', book)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()) as PositionRow[];
}

/** A user's demo positions still open or pending (a demo reset closes them). */
export async function activeDemoPositions(
  db: Db,
  userId: string,
): Promise<Array<{ order_no: string; status: PositionStatus; instrument_id: number }>> {
  return db
    .selectFrom('trading_positions')
    .select(['order_no', 'status', 'instrument_id'])
    .where('user_id', '=', userId)
    .where('book', '=', 'demo')
    .where('status', 'in', ['open', 'pending'])
    .execute();
}

/**
 * Positions changed after `since` (the engine's cross-instance sync); the first read
 * (`since` at the epoch) takes only the open and pending ones.
 */
export async function positionsChangedSince(db: Db, since: Date): Promise<PositionRow[]> {
  return (await db
    .selectFrom('trading_positions')
    .selectAll()
    .where('updated_at', '>', since)
    .where((eb) => (since.getTime() === 0 ? eb('status', 'in', ['open', 'pending']) : eb.val(true)))
    .execute()) as PositionRow[];
}

/** USDT notional (minor units) of the live positions opened since then (closed parts not counted twice). */
export async function liveNotionalSince(db: Db, since: Date): Promise<bigint> {
  const row = await sql<{ total: string }>`
    SELECT coalesce(sum(notional), 0)::text AS total FROM trading_positions
     WHERE opened_at >= ${since} AND parent_id IS NULL AND book = 'live'`.execute(db);
  return BigInt(row.rows[0]?.total ?? '0');
}

export type ExposureRow = {
  user_id: string;
  subaccount: string;
  book: Book;
  instrument_id: number;
  side: PositionSide;
  status: string;
  lots: string;
  cost: string;
  margin: string;
};

/** The exposure sums (migration 0008) of a group of accounts, in one query. */
export async function exposureRows(
  db: Db,
  owners: Array<{ userId: string; book: Book; subaccount: string }>,
): Promise<ExposureRow[]> {
  const rows = await sql<ExposureRow>`
    SELECT user_id::text, book, subaccount, instrument_id, side, status, lots::text, cost::text, margin::text
      FROM trading_exposures
     WHERE (user_id, book, subaccount) IN (SELECT * FROM unnest(${owners.map((o) => o.userId)}::bigint[],
                                                    ${owners.map((o) => o.book)}::text[],
                                                    ${owners.map((o) => o.subaccount)}::text[]))`.execute(db);
  return rows.rows;
}

/**
 * The back office's dashboard (#14): per book, the open positions, the pending orders and the
 * margin (USDT minor units) both reserve, in one aggregate.
 */
export async function bookActivityRows(
  db: Db,
): Promise<Array<{ book: Book; open_positions: number; pending_orders: number; margin: string }>> {
  const rows = await sql<{ book: Book; open_positions: number; pending_orders: number; margin: string }>`
    SELECT book,
           count(*) FILTER (WHERE status = 'open')::int AS open_positions,
           count(*) FILTER (WHERE status = 'pending')::int AS pending_orders,
           coalesce(sum(margin), 0)::text AS margin
      FROM trading_positions
     WHERE status IN ('open', 'pending')
     GROUP BY book`.execute(db);
  return rows.rows;
}

/** A subaccount's positions in the statuses asked, newest first (a smart plan's, issue 18). */
export async function subaccountPositions(
  db: Db,
  userId: string,
  subaccount: string,
  statuses: PositionStatus[],
): Promise<PositionRow[]> {
  return (await db
    .selectFrom('trading_positions')
    .selectAll()
    .where('subaccount', '=', subaccount)
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .where('parent_id', 'is', null)
    .orderBy('id', 'desc')
    .execute()) as PositionRow[];
}
