import type { SmartHaltReason, SmartOrderStatus, SmartStrategy } from '@openbourse/contracts';
import type { ColumnType, Generated } from 'kysely';

/** A JSON column: written as text, read as the parsed value. */
type Json<T> = ColumnType<T, string, string>;

/** The stored backtest (the wire's ZBacktest). */
export type StoredBacktest = {
  dataKind: 'historical' | 'sandbox';
  source: string;
  from: string;
  to: string;
  bars: number;
  totalReturn: string;
  maxDrawdown: string;
  winRate: string;
  trades: number;
  equity: Array<{ time: string; value: string }>;
  computedAt: string;
};

export type StrategyParams = Record<string, number | boolean>;

export type PlansTables = {
  plans_products: {
    id: Generated<string>;
    names: Json<Record<string, string>>;
    strategy: SmartStrategy;
    params: Json<StrategyParams>;
    code: string;
    interval_minutes: number;
    leverage: number;
    /** NUMERIC columns: decimal strings. */
    margin_share: string;
    /** USDT minor units. */
    min_amount: string;
    max_amount: string;
    days: number[];
    exit_fee_rate: string;
    min_level: number;
    enabled: Generated<boolean>;
    version: Generated<number>;
    settings_version: Generated<number>;
    backtest_state: Generated<'pending' | 'running' | 'done' | 'failed'>;
    backtest_version: number | null;
    backtest: Json<StoredBacktest | null> | null;
    backtest_error: string | null;
    seed_key: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  plans_orders: {
    id: Generated<string>;
    user_id: string;
    product_id: string;
    strategy: SmartStrategy;
    params: Json<StrategyParams>;
    code: string;
    interval_minutes: number;
    leverage: number;
    margin_share: string;
    exit_fee_rate: string;
    amount: string;
    days: number;
    started_at: Date;
    ends_at: Date;
    status: Generated<SmartOrderStatus>;
    ending: 'finish' | 'exit' | null;
    finished_at: Date | null;
    exit_fee: string | null;
    returned: string | null;
    halted_reason: SmartHaltReason | null;
    halted_detail: string | null;
    halted_at: Date | null;
    last_bar_at: Date | null;
    idempotency_key: string | null;
    created_at: Generated<Date>;
  };
  plans_equity: { order_id: string; at: Date; equity: string };
  plans_purchase_failures: { user_id: string; product_id: string; day: string; failures: number };
};
