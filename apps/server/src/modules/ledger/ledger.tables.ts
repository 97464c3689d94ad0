import type { Generated } from 'kysely';
import type { DbView } from '../../platform/db/database.js';

export type LedgerTables = {
  ledger_assets: { code: string; decimals: number };
  ledger_accounts: {
    id: Generated<string>;
    book: 'live' | 'demo';
    asset: string;
    kind: AccountKind;
    user_id: string | null;
    name: Generated<string>;
    balance: Generated<string>;
    created_at: Generated<Date>;
  };
  ledger_transfers: {
    id: Generated<string>;
    book: 'live' | 'demo';
    asset: string;
    debit_account_id: string;
    credit_account_id: string;
    amount: string;
    reason: string;
    reference_type: string | null;
    reference_id: string | null;
    idempotency_key: string;
    request_hash: string;
    debit_balance_after: string | null;
    credit_balance_after: string | null;
    operator_id: string | null;
    operator_reason: string | null;
    created_at: Generated<Date>;
  };
  ledger_holds: {
    id: Generated<string>;
    book: 'live' | 'demo';
    asset: string;
    user_id: string;
    amount: string;
    status: Generated<'active' | 'released' | 'captured'>;
    /** '' for the user's own, `plan:<id>` for a smart plan's (issue 18). */
    subaccount: Generated<string>;
    hold_transfer_id: string;
    settle_transfer_id: string | null;
    created_at: Generated<Date>;
    settled_at: Date | null;
  };
};

export const USER_ACCOUNT_KINDS = ['available', 'held', 'plan', 'plan_held'] as const;
export const OPERATOR_ACCOUNT_KINDS = ['treasury', 'fees', 'clearing', 'charity', 'escrow'] as const;
export type AccountKind = (typeof USER_ACCOUNT_KINDS)[number] | (typeof OPERATOR_ACCOUNT_KINDS)[number];

/** The ledger's view of the database: its own tables only (callers pass wider transactions). */
export type LedgerDb = DbView<LedgerTables>;
