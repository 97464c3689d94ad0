import type { Generated } from 'kysely';

export type ReferralStepName = 'register' | 'fund' | 'trade';

export type ReferralTables = {
  referral_events: { user_id: string; step: ReferralStepName; created_at: Generated<Date> };
  /** The one row of the invite programme's reward settings (migration 0033). */
  invite_reward_settings: {
    id: Generated<boolean>;
    asset: string;
    register_amount: string;
    fund_amount: string;
    trade_amount: string;
    register_since: Date | null;
    fund_since: Date | null;
    trade_since: Date | null;
    budget: string;
    paid: string;
    spent: boolean;
    version: number;
    updated_at: Date | null;
    updated_by: string | null;
  };
  /** One reward per invitee and step, ever. */
  invite_rewards: {
    id: Generated<string>;
    invitee_id: string;
    step: ReferralStepName;
    inviter_id: string;
    amount: string;
    asset: string;
    transfer_id: string;
    paid_at: Date;
  };
};
