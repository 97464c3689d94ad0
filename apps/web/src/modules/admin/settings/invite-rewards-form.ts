import type { TInviteRewardSettings, TInviteRewardSettingsRequest } from '@openbourse/contracts';
import { REFERRAL_STEPS, type ReferralStepName } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';

/** The invite rewards form (#20): the asset, what each step pays, the whole budget and the reason. */
export type InviteRewardsForm = {
  asset: string;
  amounts: Record<ReferralStepName, string>;
  budget: string;
  reason: string;
};

export type InviteRewardsProblem = 'amount' | 'budget' | 'belowPaid' | 'reason' | 'nothing';

const DECIMAL = /^\d{1,20}(\.\d{1,12})?$/;

export function inviteRewardsFormOf(settings: TInviteRewardSettings): InviteRewardsForm {
  const amounts = { register: '0', fund: '0', trade: '0' };
  for (const reward of settings.rewards) amounts[reward.step] = reward.amount;
  return { asset: settings.asset, amounts, budget: settings.budget, reason: '' };
}

/** The form's problems by field (none: it can be sent). */
export function validateInviteRewards(
  form: InviteRewardsForm,
  settings: TInviteRewardSettings,
): Partial<Record<ReferralStepName | 'budget' | 'reason', InviteRewardsProblem>> {
  const problems: Partial<Record<ReferralStepName | 'budget' | 'reason', InviteRewardsProblem>> = {};
  for (const step of REFERRAL_STEPS) if (!DECIMAL.test(form.amounts[step].trim())) problems[step] = 'amount';
  if (!DECIMAL.test(form.budget.trim())) problems.budget = 'budget';
  else if (form.asset === settings.asset && Decimal.parse(form.budget.trim()).lt(Decimal.parse(settings.paid))) {
    problems.budget = 'belowPaid';
  }
  if (form.reason.trim().length < 3) problems.reason = 'reason';
  return problems;
}

/**
 * What saving moves, as the confirmation names it: the budget's difference reserved from treasury
 * (raised) or returned to it (lowered); with another asset, what remained returns in the old one
 * and the whole budget is reserved in the new one.
 */
export function budgetMoves(
  form: InviteRewardsForm,
  settings: TInviteRewardSettings,
): Array<{ kind: 'reserve' | 'return'; amount: string; asset: string }> {
  if (!DECIMAL.test(form.budget.trim())) return [];
  const budget = Decimal.parse(form.budget.trim());
  if (form.asset !== settings.asset) {
    const moves: Array<{ kind: 'reserve' | 'return'; amount: string; asset: string }> = [];
    if (Decimal.parse(settings.remaining).isPositive()) {
      moves.push({ kind: 'return', amount: settings.remaining, asset: settings.asset });
    }
    if (budget.isPositive()) moves.push({ kind: 'reserve', amount: budget.toString(), asset: form.asset });
    return moves;
  }
  const difference = budget.sub(Decimal.parse(settings.budget));
  if (difference.isZero()) return [];
  return [
    difference.isPositive()
      ? { kind: 'reserve', amount: difference.toString(), asset: form.asset }
      : { kind: 'return', amount: difference.neg().toString(), asset: form.asset },
  ];
}

/** The request the form sends, from the version it was read at. */
export function inviteRewardsBody(
  form: InviteRewardsForm,
  settings: TInviteRewardSettings,
): TInviteRewardSettingsRequest {
  return {
    asset: form.asset,
    rewards: REFERRAL_STEPS.map((step) => ({ step, amount: Decimal.parse(form.amounts[step].trim()).toString() })),
    budget: Decimal.parse(form.budget.trim()).toString(),
    version: settings.version,
    reason: form.reason.trim(),
  };
}

/** Whether anything would change (a save with no change is not offered). */
export function hasChanges(form: InviteRewardsForm, settings: TInviteRewardSettings): boolean {
  const before = inviteRewardsFormOf(settings);
  const same = (a: string, b: string) =>
    DECIMAL.test(a.trim()) && DECIMAL.test(b) && Decimal.parse(a.trim()).eq(Decimal.parse(b));
  return (
    form.asset !== before.asset ||
    !same(form.budget, before.budget) ||
    REFERRAL_STEPS.some((step) => !same(form.amounts[step], before.amounts[step]))
  );
}
