import type { Generated } from 'kysely';

export type ReferralTables = {
  referral_events: { user_id: string; step: 'register' | 'fund' | 'trade'; created_at: Generated<Date> };
};
