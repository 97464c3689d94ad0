import type { LoanKind } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { Selectable } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { LendingTables } from './lending.tables.js';

type Db = DbView<LendingTables>;

/** The only SQL of the loan settings table. */

/** A product's values as an operator sets them, canonical decimals, terms ascending. */
export type LoanSettingValues = {
  asset: string;
  terms: number[];
  dailyRate: string;
  interestFreeDays: number;
  /** null: no unverified limit, the product needs KYC. */
  unverified: { minAmount: string; maxAmount: string } | null;
  verified: { minAmount: string; maxAmount: string };
  collateralAssets: string[];
  initialLtv: string | null;
  marginCallLtv: string | null;
  liquidationLtv: string | null;
};

export type LoanSettingRecord = LoanSettingValues & {
  id: string;
  kind: LoanKind;
  enabled: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

type Row = Selectable<LendingTables['lending_loan_settings']>;

const plain = (value: string) => Decimal.parse(String(value)).toString();
const plainOrNull = (value: string | null) => (value === null ? null : plain(value));

function toRecord(row: Row): LoanSettingRecord {
  return {
    id: row.id,
    kind: row.kind,
    asset: row.asset,
    terms: [...row.terms].sort((a, b) => a - b),
    dailyRate: plain(row.daily_rate),
    interestFreeDays: row.interest_free_days,
    unverified:
      row.unverified_min_amount === null || row.unverified_max_amount === null
        ? null
        : { minAmount: plain(row.unverified_min_amount), maxAmount: plain(row.unverified_max_amount) },
    verified: { minAmount: plain(row.verified_min_amount), maxAmount: plain(row.verified_max_amount) },
    collateralAssets: [...row.collateral_assets],
    initialLtv: plainOrNull(row.initial_ltv),
    marginCallLtv: plainOrNull(row.margin_call_ltv),
    liquidationLtv: plainOrNull(row.liquidation_ltv),
    enabled: row.enabled,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const columns = (values: LoanSettingValues) => ({
  asset: values.asset,
  terms: values.terms,
  daily_rate: values.dailyRate,
  interest_free_days: values.interestFreeDays,
  unverified_min_amount: values.unverified?.minAmount ?? null,
  unverified_max_amount: values.unverified?.maxAmount ?? null,
  verified_min_amount: values.verified.minAmount,
  verified_max_amount: values.verified.maxAmount,
  collateral_assets: values.collateralAssets,
  initial_ltv: values.initialLtv,
  margin_call_ltv: values.marginCallLtv,
  liquidation_ltv: values.liquidationLtv,
});

/** Every product (or only the enabled ones), unsecured first, then oldest first. */
export async function listLoanSettingRecords(db: Db, options: { enabledOnly: boolean }): Promise<LoanSettingRecord[]> {
  let query = db.selectFrom('lending_loan_settings').selectAll();
  if (options.enabledOnly) query = query.where('enabled', '=', true);
  const rows = await query.orderBy('kind', 'desc').orderBy('id').execute();
  return rows.map(toRecord);
}

/** One product, locked for an operator's change until the transaction ends. */
export async function lockLoanSetting(db: Db, id: string): Promise<LoanSettingRecord | undefined> {
  const row = await db
    .selectFrom('lending_loan_settings')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function insertLoanSetting(
  db: Db,
  input: { kind: LoanKind; values: LoanSettingValues; enabled: boolean; seedKey: string | null; at: Date },
): Promise<LoanSettingRecord | undefined> {
  const row = await db
    .insertInto('lending_loan_settings')
    .values({
      kind: input.kind,
      ...columns(input.values),
      enabled: input.enabled,
      seed_key: input.seedKey,
      created_at: input.at,
      updated_at: input.at,
    })
    .onConflict((conflict) => conflict.column('seed_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Writes the values (or the enabled flag) and adds one to the version. */
export async function updateLoanSettingRow(
  db: Db,
  id: string,
  change: { values?: LoanSettingValues; enabled?: boolean; at: Date },
): Promise<LoanSettingRecord> {
  const row = await db
    .updateTable('lending_loan_settings')
    .set((eb) => ({
      ...(change.values ? columns(change.values) : {}),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      version: eb('version', '+', 1),
      updated_at: change.at,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}
