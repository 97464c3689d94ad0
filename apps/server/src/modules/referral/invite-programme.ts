import type { TInviteRewardSettings } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { AccountRef } from '../ledger/index.js';
import type { SettingsRow } from './referral.repository.js';
import type { ReferralStepName } from './referral.tables.js';

/** The invite programme's settings as rules: what each step pays, since when, and its status. */

export const STEPS: readonly ReferralStepName[] = ['register', 'fund', 'trade'];

/** Where the programme's reserved budget waits between its reservation and the rewards it pays. */
export const INVITE_ESCROW: AccountRef = { kind: 'escrow', name: 'invite' };

export type ProgrammeStatus = TInviteRewardSettings['status'];

export function amountOf(row: SettingsRow, step: ReferralStepName): Decimal {
  const value = step === 'register' ? row.register_amount : step === 'fund' ? row.fund_amount : row.trade_amount;
  return Decimal.parse(value);
}

export function sinceOf(row: SettingsRow, step: ReferralStepName): Date | null {
  return step === 'register' ? row.register_since : step === 'fund' ? row.fund_since : row.trade_since;
}

export const remainingOf = (row: SettingsRow) => Decimal.parse(row.budget).sub(Decimal.parse(row.paid));

/**
 * none: no step pays or no budget was ever reserved; budget_spent: the remaining budget could not
 * pay a reward (or nothing remains), rewards stopped; active: paying.
 */
export function statusOf(row: SettingsRow): ProgrammeStatus {
  const pays = STEPS.some((step) => amountOf(row, step).isPositive());
  if (!pays || Decimal.parse(row.budget).isZero()) return 'none';
  if (row.spent || !remainingOf(row).isPositive()) return 'budget_spent';
  return 'active';
}

/** The settings as the back office reads them. */
export function settingsToWire(row: SettingsRow): TInviteRewardSettings {
  return {
    asset: row.asset,
    rewards: STEPS.map((step) => ({ step, amount: amountOf(row, step).toString() })),
    budget: Decimal.parse(row.budget).toString(),
    paid: Decimal.parse(row.paid).toString(),
    remaining: remainingOf(row).toString(),
    status: statusOf(row),
    version: row.version,
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
  };
}
