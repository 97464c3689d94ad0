import type { Book, OptionKind, OptionsExpiryStatus, OptionsOrderStatus } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { OptionsTables } from './options.tables.js';

/** The only SQL of options orders (migration 0031). */

type Db = DbView<OptionsTables>;
type OrderRow = Selectable<OptionsTables['options_orders']>;

const plain = (value: string) => Decimal.parse(String(value)).toString();
const plainOrNull = (value: string | null) => (value === null ? null : plain(value));

export type OptionsOrderRecord = {
  id: string;
  userId: string;
  book: Book;
  seriesId: string;
  expiryId: string;
  asset: string;
  quantity: number;
  premiumPerContract: string;
  premium: string;
  fee: string;
  feeRate: string;
  reserve: string;
  status: OptionsOrderStatus;
  closePricePerContract: string | null;
  proceeds: string | null;
  closeFee: string | null;
  settlementPrice: string | null;
  settlementSource: string | null;
  payout: string | null;
  language: string;
  openedAt: Date;
  closedAt: Date | null;
};

/** An order with its series and expiry: what the wire and the settlement need. */
export type OptionsOrderView = OptionsOrderRecord & {
  code: string;
  type: OptionKind;
  strike: string;
  cap: string | null;
  contractSize: string;
  maxPayoutPerContract: string;
  expiresAt: Date;
  salesCloseAt: Date;
  expiryStatus: OptionsExpiryStatus;
  productId: string;
};

function orderRecord(row: OrderRow): OptionsOrderRecord {
  return {
    id: row.id,
    userId: row.user_id,
    book: row.book,
    seriesId: row.series_id,
    expiryId: row.expiry_id,
    asset: row.asset,
    quantity: row.quantity,
    premiumPerContract: plain(row.premium_per_contract),
    premium: plain(row.premium),
    fee: plain(row.fee),
    feeRate: plain(row.fee_rate),
    reserve: plain(row.reserve),
    status: row.status,
    closePricePerContract: plainOrNull(row.close_price_per_contract),
    proceeds: plainOrNull(row.proceeds),
    closeFee: plainOrNull(row.close_fee),
    settlementPrice: plainOrNull(row.settlement_price),
    settlementSource: row.settlement_source,
    payout: plainOrNull(row.payout),
    language: row.language,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
  };
}

export async function insertOrder(
  db: Db,
  values: Insertable<OptionsTables['options_orders']>,
): Promise<OptionsOrderRecord> {
  return orderRecord(await db.insertInto('options_orders').values(values).returningAll().executeTakeFirstOrThrow());
}

export async function findOrderByKey(db: Db, userId: string, key: string): Promise<OptionsOrderRecord | null> {
  const row = await db
    .selectFrom('options_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? orderRecord(row) : null;
}

export async function lockOrder(db: Db, id: string): Promise<OptionsOrderRecord | null> {
  const row = await db.selectFrom('options_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? orderRecord(row) : null;
}

/** The next open order of an expiry no other settler holds (each is settled in its own transaction). */
export async function claimOpenOrderOfExpiry(db: Db, expiryId: string): Promise<OptionsOrderRecord | null> {
  const row = await db
    .selectFrom('options_orders')
    .selectAll()
    .where('expiry_id', '=', expiryId)
    .where('status', '=', 'open')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? orderRecord(row) : null;
}

export async function countOpenOrdersOfExpiry(db: Db, expiryId: string): Promise<number> {
  const row = await db
    .selectFrom('options_orders')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('expiry_id', '=', expiryId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number.parseInt(row.n, 10);
}

export async function updateOrder(
  db: Db,
  id: string,
  change: Partial<
    Pick<
      OptionsTables['options_orders'],
      | 'close_price_per_contract'
      | 'proceeds'
      | 'close_fee'
      | 'settlement_price'
      | 'settlement_source'
      | 'payout'
      | 'closed_at'
    >
  > & { status: OptionsOrderStatus },
): Promise<OptionsOrderRecord> {
  return orderRecord(
    await db.updateTable('options_orders').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  );
}

function viewQuery(db: Db) {
  return db
    .selectFrom('options_orders')
    .innerJoin('options_series', 'options_series.id', 'options_orders.series_id')
    .innerJoin('options_expiries', 'options_expiries.id', 'options_orders.expiry_id')
    .selectAll('options_orders')
    .select([
      'options_expiries.code as v_code',
      'options_series.type as v_type',
      'options_series.strike as v_strike',
      'options_series.cap as v_cap',
      'options_series.contract_size as v_contract_size',
      'options_series.max_payout as v_max_payout',
      'options_expiries.expires_at as v_expires_at',
      'options_expiries.sales_close_at as v_sales_close_at',
      'options_expiries.status as v_expiry_status',
      'options_expiries.product_id as v_product_id',
    ]);
}

type ViewRow = OrderRow & {
  v_code: string;
  v_type: OptionKind;
  v_strike: string;
  v_cap: string | null;
  v_contract_size: string;
  v_max_payout: string;
  v_expires_at: Date;
  v_sales_close_at: Date;
  v_expiry_status: OptionsExpiryStatus;
  v_product_id: string;
};

function orderView(row: ViewRow): OptionsOrderView {
  return {
    ...orderRecord(row),
    code: row.v_code,
    type: row.v_type,
    strike: plain(row.v_strike),
    cap: plainOrNull(row.v_cap),
    contractSize: plain(row.v_contract_size),
    maxPayoutPerContract: plain(row.v_max_payout),
    expiresAt: row.v_expires_at,
    salesCloseAt: row.v_sales_close_at,
    expiryStatus: row.v_expiry_status,
    productId: row.v_product_id,
  };
}

export async function findOrderView(db: Db, id: string): Promise<OptionsOrderView | null> {
  const row = await viewQuery(db).where('options_orders.id', '=', id).executeTakeFirst();
  return row ? orderView(row) : null;
}

/** A page of the user's orders in a book, newest first. */
export async function listOrderViews(
  db: Db,
  filter: { userId: string; book: Book; statuses: readonly OptionsOrderStatus[] },
  page: { page: number; size: number },
): Promise<{ rows: OptionsOrderView[]; total: number }> {
  const base = db
    .selectFrom('options_orders')
    .where('user_id', '=', filter.userId)
    .where('book', '=', filter.book)
    .where('status', 'in', filter.statuses);
  const { n } = await base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();
  const rows = await viewQuery(db)
    .where('options_orders.user_id', '=', filter.userId)
    .where('options_orders.book', '=', filter.book)
    .where('options_orders.status', 'in', filter.statuses)
    .orderBy('options_orders.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows: rows.map(orderView), total: Number.parseInt(n, 10) };
}
