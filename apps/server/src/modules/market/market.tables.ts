import type { Generated } from 'kysely';

export type MarketTables = {
  /** Trading-hours overrides (issue 14): an instrument closed by an operator for a window. */
  market_hours_closures: {
    id: Generated<string>;
    instrument_id: number;
    starts_at: Date;
    ends_at: Date;
    reason: string;
    created_by: string | null;
    created_at: Generated<Date>;
    cancelled_at: Date | null;
    cancelled_by: string | null;
  };
  market_instruments: {
    id: Generated<number>;
    code: string;
    type: number;
    asset_class: string;
    name: string;
    base_currency: string;
    quote_currency: string;
    description: string;
    tick_size: string;
    contract_size: string;
    min_lots: string;
    max_lots: string;
    lot_step: string;
    leverage_cap: number;
    hours: string;
    reference_price: string;
    logo: unknown;
    feed_symbols: unknown;
    sort_order: number;
    enabled: Generated<boolean>;
  };
  market_candles_1m: {
    instrument_id: number;
    source: string;
    open_time: Date;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string;
  };
  market_fee_schedule: { asset_class: string; rate: string };
  market_watchlist: { user_id: string; instrument_id: number; created_at: Generated<Date> };
};
