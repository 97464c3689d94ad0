import type { ReviewKind, ReviewStatus } from '@openbourse/contracts';
import { type Selectable, sql } from 'kysely';
import type { ReviewDb as Db, ReviewTables } from './review.tables.js';

export type ItemRow = Selectable<ReviewTables['review_items']>;
export type ApprovalRow = Selectable<ReviewTables['review_approvals']>;

export async function fourEyesThreshold(db: Db, kind: ReviewKind): Promise<string | null> {
  const row = await db
    .selectFrom('review_kind_settings')
    .select('four_eyes_threshold')
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.four_eyes_threshold ?? null;
}

/** Inserts the item unless its kind already holds its source; answers the new row or null. */
export async function insertItem(
  db: Db,
  values: {
    kind: ReviewKind;
    source_key: string;
    user_id: string;
    summary: string;
    amount: string | null;
    asset: string | null;
    payload: Record<string, unknown>;
    required_approvals: number;
    requested_by: string | null;
    created_at: Date;
  },
): Promise<ItemRow | null> {
  const row = await db
    .insertInto('review_items')
    .values({ ...values, payload: JSON.stringify(values.payload) })
    .onConflict((conflict) => conflict.columns(['kind', 'source_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function itemBySource(db: Db, kind: ReviewKind, sourceKey: string): Promise<ItemRow | null> {
  const row = await db
    .selectFrom('review_items')
    .selectAll()
    .where('kind', '=', kind)
    .where('source_key', '=', sourceKey)
    .executeTakeFirst();
  return row ?? null;
}

/** The item of this kind with this id, locked for the decision when `forUpdate`. */
export async function itemOfKind(db: Db, kind: ReviewKind, id: string, forUpdate: boolean): Promise<ItemRow | null> {
  let query = db.selectFrom('review_items').selectAll().where('id', '=', id).where('kind', '=', kind);
  if (forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export async function listItems(
  db: Db,
  filter: { kind: ReviewKind; status?: ReviewStatus; page: number; size: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  let base = db.selectFrom('review_items').where('kind', '=', filter.kind);
  if (filter.status) base = base.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function pendingCounts(db: Db): Promise<Map<ReviewKind, number>> {
  const rows = await db
    .selectFrom('review_items')
    .select(['kind', (eb) => eb.fn.countAll<string>().as('pending')])
    .where('status', '=', 'pending')
    .groupBy('kind')
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.pending)]));
}

export async function approvalsOf(db: Db, itemIds: readonly string[]): Promise<ApprovalRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('review_approvals')
    .selectAll()
    .where('item_id', 'in', itemIds)
    .orderBy('approved_at')
    .orderBy('operator_id')
    .execute();
}

export async function insertApproval(db: Db, row: ApprovalRow): Promise<void> {
  await db.insertInto('review_approvals').values(row).execute();
}

export async function updateItem(
  db: Db,
  id: string,
  set: Partial<
    Pick<
      ItemRow,
      'status' | 'claimed_by' | 'claimed_at' | 'rejection_reason' | 'rejection_note' | 'decided_by' | 'decided_at'
    >
  >,
): Promise<ItemRow> {
  return db.updateTable('review_items').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * The kinds of the items (any status) whose payload lists this file in `fileIds` (an uploaded
 * proof or document, #15): what lets an operator deciding such an item look at the file.
 */
export async function kindsHoldingFile(db: Db, fileId: string): Promise<ReviewKind[]> {
  const rows = await db
    .selectFrom('review_items')
    .select('kind')
    .distinct()
    .where(sql<boolean>`payload -> 'fileIds' @> jsonb_build_array(${fileId}::text)`)
    .execute();
  return rows.map((row) => row.kind);
}
