import type {
  LoanEventKind,
  LoanKind,
  LoanStatus,
  LoanVerificationLevel,
  RepaymentApplicationStatus,
} from '@openbourse/contracts';
import type { ColumnType, Generated } from 'kysely';

export type LendingTables = {
  lending_loan_settings: {
    id: Generated<string>;
    kind: LoanKind;
    asset: string;
    terms: number[];
    /** NUMERIC columns: written and read as decimal strings. */
    daily_rate: string;
    interest_free_days: number;
    unverified_min_amount: string | null;
    unverified_max_amount: string | null;
    verified_min_amount: string;
    verified_max_amount: string;
    collateral_assets: Generated<string[]>;
    initial_ltv: string | null;
    margin_call_ltv: string | null;
    liquidation_ltv: string | null;
    enabled: Generated<boolean>;
    version: Generated<number>;
    seed_key: string | null;
    created_at: Date;
    updated_at: Date;
  };
  /** Loans (migration 0027). NUMERIC columns are written and read as decimal strings. */
  lending_loans: {
    id: Generated<string>;
    user_id: string;
    setting_id: string;
    setting_version: number;
    kind: LoanKind;
    status: LoanStatus;
    asset: string;
    asset_decimals: number;
    principal: string;
    term_days: number;
    daily_rate: string;
    interest_free_days: number;
    promised_interest: string;
    verification: LoanVerificationLevel;
    collateral_asset: string | null;
    collateral_decimals: number | null;
    collateral_initial: string | null;
    collateral_amount: string | null;
    initial_ltv: string | null;
    margin_call_ltv: string | null;
    liquidation_ltv: string | null;
    next_warning_ltv: string | null;
    borrower_name_sealed: Buffer | null;
    typed_name_sealed: Buffer | null;
    signature_file_id: string | null;
    signed_at: Date | null;
    terms_hash: string | null;
    agreement_storage_key: string | null;
    agreement_sha256: string | null;
    disbursed_at: Date | null;
    due_at: Date | null;
    principal_outstanding: string;
    accrued_interest: Generated<string>;
    accrued_days: Generated<number>;
    interest_paid: Generated<string>;
    principal_paid: Generated<string>;
    written_off: Generated<string>;
    liquidations: Generated<number>;
    rejection_reason: string | null;
    rejection_note: string | null;
    overdue_notified_at: Date | null;
    idempotency_key: string | null;
    created_at: Date;
    updated_at: Date;
  };
  lending_loan_events: {
    id: Generated<string>;
    loan_id: string;
    kind: LoanEventKind;
    amount: string | null;
    asset: string | null;
    ltv: string | null;
    price: string | null;
    price_source: string | null;
    price_time: Date | null;
    details: ColumnType<Record<string, unknown>, string | undefined, string>;
    created_at: Date;
  };
  lending_repayment_applications: {
    id: Generated<string>;
    loan_id: string;
    user_id: string;
    amount: string;
    note: string | null;
    proof_file_id: string | null;
    hold_id: string;
    status: RepaymentApplicationStatus;
    reason: string | null;
    reason_note: string | null;
    created_at: Date;
    decided_at: Date | null;
  };
};
