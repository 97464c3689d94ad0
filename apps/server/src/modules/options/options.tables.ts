import type {
  Book,
  OptionKind,
  OptionsExpirySchedule,
  OptionsExpiryStatus,
  OptionsOrderStatus,
} from '@openbourse/contracts';
import type { Generated } from 'kysely';

/** The options module's tables (migration 0031). NUMERIC columns are exact decimal strings. */
export type OptionsTables = {
  options_products: {
    id: Generated<string>;
    code: string;
    asset: string;
    schedules: OptionsExpirySchedule[];
    expiry_minute_of_day: number;
    strike_step: string;
    strikes_each_side: number;
    contract_size: string;
    call_cap_share: string;
    spread_rate: string;
    min_premium: string;
    fee_rate: string;
    rate: string;
    volatility_floor: string;
    volatility_cap: string;
    volatility_window_minutes: number;
    volatility_lambda: string;
    series_reserve_limit: string;
    max_contracts_per_order: number;
    settlement_window_minutes: number;
    sales_cutoff_minutes: number;
    enabled: Generated<boolean>;
    version: Generated<number>;
    seed_key: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  options_expiries: {
    id: Generated<string>;
    product_id: string;
    code: string;
    asset: string;
    expires_at: Date;
    sales_close_at: Date;
    settlement_window_minutes: number;
    listed_spot: string;
    listed_source: string;
    status: Generated<OptionsExpiryStatus>;
    settlement_price: string | null;
    settlement_source: string | null;
    awaiting_reason: string | null;
    fixed_at: Date | null;
    fixed_by: string | null;
    settled_at: Date | null;
    created_at: Generated<Date>;
  };
  options_series: {
    id: Generated<string>;
    expiry_id: string;
    type: OptionKind;
    strike: string;
    cap: string | null;
    contract_size: string;
    max_payout: string;
  };
  options_orders: {
    id: Generated<string>;
    user_id: string;
    book: Book;
    series_id: string;
    expiry_id: string;
    asset: string;
    quantity: number;
    premium_per_contract: string;
    premium: string;
    fee: string;
    fee_rate: string;
    reserve: string;
    spot_at_open: string;
    volatility_at_open: string;
    status: Generated<OptionsOrderStatus>;
    close_price_per_contract: string | null;
    proceeds: string | null;
    close_fee: string | null;
    settlement_price: string | null;
    settlement_source: string | null;
    payout: string | null;
    language: string;
    idempotency_key: string | null;
    opened_at: Date;
    closed_at: Date | null;
  };
};
