import { Decimal } from '@openbourse/money';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { PaymentsTables } from './payments.tables.js';

type Db = DbView<PaymentsTables>;

/** The only SQL of the payments module's own tables. */

export type PaymentAssetSettings = {
  asset: string;
  depositMinimum: string;
  withdrawalMinimum: string;
  /** null: no cap on a single withdrawal besides the balance. */
  withdrawalMaximum: string | null;
  withdrawalFeeRate: string;
  updatedAt: Date;
};

type Row = {
  asset: string;
  deposit_minimum: string;
  withdrawal_minimum: string;
  withdrawal_maximum: string | null;
  withdrawal_fee_rate: string;
  updated_at: Date;
};

// NUMERIC arrives padded ("120.000000000000000000"); the wire carries the plain decimal.
const plain = (value: string) => Decimal.parse(String(value)).toString();

const toSettings = (row: Row): PaymentAssetSettings => ({
  asset: row.asset,
  depositMinimum: plain(row.deposit_minimum),
  withdrawalMinimum: plain(row.withdrawal_minimum),
  withdrawalMaximum: row.withdrawal_maximum === null ? null : plain(row.withdrawal_maximum),
  withdrawalFeeRate: plain(row.withdrawal_fee_rate),
  updatedAt: row.updated_at,
});

export async function listAssetSettings(db: Db): Promise<PaymentAssetSettings[]> {
  const rows = await db.selectFrom('payments_asset_settings').selectAll().orderBy('asset').execute();
  return rows.map(toSettings);
}

export async function findAssetSettings(db: Db, asset: string): Promise<PaymentAssetSettings | undefined> {
  const row = await db.selectFrom('payments_asset_settings').selectAll().where('asset', '=', asset).executeTakeFirst();
  return row ? toSettings(row) : undefined;
}

/** One asset's settings, locked for an operator's change until the transaction ends. */
export async function lockAssetSettings(db: Db, asset: string): Promise<PaymentAssetSettings | undefined> {
  const row = await db
    .selectFrom('payments_asset_settings')
    .selectAll()
    .where('asset', '=', asset)
    .forUpdate()
    .executeTakeFirst();
  return row ? toSettings(row) : undefined;
}

export async function updateAssetSettings(
  db: Db,
  asset: string,
  values: Omit<PaymentAssetSettings, 'asset' | 'updatedAt'>,
): Promise<Date> {
  const row = await db
    .updateTable('payments_asset_settings')
    .set({
      deposit_minimum: values.depositMinimum,
      withdrawal_minimum: values.withdrawalMinimum,
      withdrawal_maximum: values.withdrawalMaximum,
      withdrawal_fee_rate: values.withdrawalFeeRate,
      updated_at: sql<Date>`now()`,
    })
    .where('asset', '=', asset)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return row.updated_at;
}
