import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PlansView } from './plans.context.js';
import type { PlansTables, StoredBacktest } from './plans.tables.js';

/** The plan products' SQL. */

export type SmartProductRow = Selectable<PlansTables['plans_products']>;
export type NewSmartProduct = Insertable<PlansTables['plans_products']>;

export function listProductRows(db: PlansView, onlyEnabled: boolean): Promise<SmartProductRow[]> {
  let query = db.selectFrom('plans_products').selectAll();
  if (onlyEnabled) query = query.where('enabled', '=', true);
  return query.orderBy('id').execute();
}

export async function findProduct(db: PlansView, id: string): Promise<SmartProductRow | null> {
  return (await db.selectFrom('plans_products').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function lockProduct(db: PlansView, id: string): Promise<SmartProductRow | null> {
  return (
    (await db.selectFrom('plans_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

/** A seeded product, once per seed key: null when the key was seeded before. */
export async function insertSeedProduct(db: PlansView, row: NewSmartProduct): Promise<SmartProductRow | null> {
  return (
    (await db
      .insertInto('plans_products')
      .values(row)
      .onConflict((conflict) => conflict.column('seed_key').doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export function insertProduct(db: PlansView, row: NewSmartProduct): Promise<SmartProductRow> {
  return db.insertInto('plans_products').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateProduct(
  db: PlansView,
  id: string,
  changes: Updateable<PlansTables['plans_products']>,
): Promise<SmartProductRow> {
  return db.updateTable('plans_products').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Products whose current version has no finished backtest (pending, or left running by a stopped instance). */
export function productsAwaitingBacktest(db: PlansView): Promise<SmartProductRow[]> {
  return db
    .selectFrom('plans_products')
    .selectAll()
    .where('backtest_state', 'in', ['pending', 'running'])
    .orderBy('id')
    .execute();
}

/**
 * Claims a product's backtest of settings `version` (pending → running, or a running one left by
 * a stopped instance); false when another claimed it or the settings moved on.
 */
export async function claimBacktest(
  db: PlansView,
  id: string,
  version: number,
  at: Date,
  staleBefore: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('plans_products')
    .set({ backtest_state: 'running', updated_at: at })
    .where('id', '=', id)
    .where('settings_version', '=', version)
    .where((eb) =>
      eb.or([
        eb('backtest_state', '=', 'pending'),
        eb.and([eb('backtest_state', '=', 'running'), eb('updated_at', '<', staleBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a finished backtest, unless the product changed meanwhile (its new version gets its own). */
export async function recordBacktest(
  db: PlansView,
  id: string,
  version: number,
  outcome: { backtest: StoredBacktest } | { error: string },
): Promise<void> {
  await db
    .updateTable('plans_products')
    .set(
      'backtest' in outcome
        ? {
            backtest_state: 'done',
            backtest_version: version,
            backtest: JSON.stringify(outcome.backtest),
            backtest_error: null,
          }
        : { backtest_state: 'failed', backtest_version: version, backtest_error: outcome.error },
    )
    .where('id', '=', id)
    .where('settings_version', '=', version)
    .execute();
}

/** Asks for a product's backtest again (the back office's "backtest this product"). */
export async function requestBacktest(db: PlansView, id: string, at: Date): Promise<SmartProductRow | null> {
  return (
    (await db
      .updateTable('plans_products')
      .set({ backtest_state: 'pending', updated_at: at })
      .where('id', '=', id)
      .where('backtest_state', '<>', 'running')
      .returningAll()
      .executeTakeFirst()) ?? (await findProduct(db, id))
  );
}
