import type { Generated } from 'kysely';

export type TradingTables = {
  trading_positions: {
    id: Generated<string>;
    order_no: string;
    user_id: string;
    book: 'live' | 'demo';
    instrument_id: number;
    side: 'long' | 'short';
    order_type: 'market' | 'limit' | 'stop';
    status: 'pending' | 'open' | 'closed' | 'cancelled';
    lots: string;
    leverage: number;
    entry_price: string | null;
    open_price: string | null;
    opened_at: Date | null;
    stop_loss: string | null;
    take_profit: string | null;
    trailing_distance: string | null;
    margin: string;
    margin_hold_id: string | null;
    fee: string;
    close_price: string | null;
    closed_at: Date | null;
    close_reason: 'manual' | 'stop_loss' | 'take_profit' | 'trailing_stop' | 'stop_out' | 'cancelled' | null;
    close_note: string | null;
    realised_pnl: string | null;
    notional: string;
    parent_id: string | null;
    /** Whose money: '' the user's own, `plan:<id>` a smart plan's (issue 18; see the ledger's subaccounts). */
    subaccount: Generated<string>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** Σ lots, Σ lots × open price and Σ margin per account, instrument, side and status (trigger-kept). */
  trading_exposures: {
    user_id: string;
    book: 'live' | 'demo';
    subaccount: string;
    instrument_id: number;
    side: 'long' | 'short';
    status: 'open' | 'pending';
    lots: string;
    cost: string;
    margin: string;
  };
};
