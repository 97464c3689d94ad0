import type { Generated } from 'kysely';

export type PaymentsTables = {
  payments_asset_settings: {
    asset: string;
    deposit_minimum: string;
    withdrawal_minimum: Generated<string>;
    withdrawal_maximum: string | null;
    withdrawal_fee_rate: Generated<string>;
    updated_at: Generated<Date>;
  };
};
