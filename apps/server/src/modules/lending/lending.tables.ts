import type { LoanKind } from '@openbourse/contracts';
import type { Generated } from 'kysely';

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
};
