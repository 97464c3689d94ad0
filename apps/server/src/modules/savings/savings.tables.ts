import type { SavingsOrderStatus, SavingsPauseReason, SavingsProductStatus } from '@openbourse/contracts';
import type { ColumnType, Generated } from 'kysely';

/** The savings module's tables (migration 0028). NUMERIC columns are written and read as decimal strings. */
export type SavingsTables = {
  savings_products: {
    id: Generated<string>;
    /** Language → name, all ten languages. */
    names: ColumnType<Record<string, string>, string, string>;
    asset: string;
    min_amount: string;
    max_amount: string;
    period_days: number;
    daily_rate: string;
    capacity: string;
    min_level: number;
    penalty_rate: string;
    status: SavingsProductStatus;
    paused_reason: SavingsPauseReason | null;
    version: Generated<number>;
    seed_key: string | null;
    created_at: Date;
    updated_at: Date;
  };
  savings_orders: {
    id: Generated<string>;
    user_id: string;
    product_id: string;
    product_version: number;
    asset: string;
    asset_decimals: number;
    principal: string;
    daily_rate: string;
    period_days: number;
    penalty_rate: string;
    promised_interest: string;
    status: SavingsOrderStatus;
    invested_at: Date;
    matures_at: Date;
    earned_days: Generated<number>;
    earned_interest: Generated<string>;
    language: string;
    closed_at: Date | null;
    returned: string | null;
    penalty: string | null;
    created_at: Date;
    updated_at: Date;
  };
  savings_failed_attempts: {
    user_id: string;
    product_id: string;
    /** A UTC day: written as YYYY-MM-DD (the driver reads a DATE back as a Date). */
    day: ColumnType<Date | string, string, string>;
    failures: number;
    last_code: number;
    updated_at: Date;
  };
};
