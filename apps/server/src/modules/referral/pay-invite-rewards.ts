import { Decimal } from '@openbourse/money';
import { invitersOf } from '../identity/index.js';
import { ledgerAssetDecimals, transfer } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import { amountOf, INVITE_ESCROW, remainingOf, STEPS, sinceOf, statusOf } from './invite-programme.js';
import type { ReferralContext, ReferralView } from './referral.context.js';
import {
  findSettings,
  insertReward,
  lockSettings,
  rewardExists,
  type StepRow,
  unpaidSteps,
  updateSettings,
} from './referral.repository.js';
import type { ReferralStepName } from './referral.tables.js';

/** Steps looked at per pass; a run takes passes until none is left or the budget is spent. */
const PASS = 200;

export type PayResult = { paid: number; stopped: boolean };

/**
 * The invite programme's payer (the recurring job): each step recorded since its reward was
 * switched on pays the inviter once, each in its own transaction — the settings row locked (two
 * runs at once, on two instances, take turns), the reward row (UNIQUE per invitee and step), the
 * ledger transfer escrow → the inviter's live balance under a key per invitee and step, and the
 * `invite_reward` notification commit together or not at all. When the remaining budget cannot
 * pay a reward, nothing of it is paid and the programme stops (budget_spent) until an operator
 * raises the budget.
 */
export async function payInviteRewards(ctx: ReferralContext): Promise<PayResult> {
  let paid = 0;
  for (;;) {
    const settings = await findSettings(ctx.db);
    if (statusOf(settings) !== 'active') return { paid, stopped: statusOf(settings) === 'budget_spent' };
    const since: Partial<Record<ReferralStepName, Date>> = {};
    for (const step of STEPS) {
      const at = sinceOf(settings, step);
      if (at && amountOf(settings, step).isPositive()) since[step] = at;
    }
    const due = await unpaidSteps(ctx.db, since, PASS);
    if (due.length === 0) return { paid, stopped: false };
    const inviters = await invitersOf(
      ctx.db,
      due.map((step) => step.userId),
    );
    let progressed = false;
    for (const step of due) {
      const inviterId = inviters.get(step.userId);
      if (!inviterId) continue;
      const outcome = await ctx.db.transaction().execute((trx) => payOne(ctx, trx, step, inviterId));
      if (outcome === 'stopped') return { paid, stopped: true };
      if (outcome === 'paid') paid += 1;
      progressed = true;
    }
    // Only steps whose inviter is gone were left: nothing more this run.
    if (!progressed || due.length < PASS) return { paid, stopped: false };
  }
}

async function payOne(
  ctx: ReferralContext,
  trx: ReferralView,
  step: StepRow,
  inviterId: string,
): Promise<'paid' | 'skipped' | 'stopped'> {
  const settings = await lockSettings(trx);
  if (statusOf(settings) !== 'active') return 'stopped';
  const amount = amountOf(settings, step.step);
  const since = sinceOf(settings, step.step);
  // The settings changed since the step was listed: it pays only under the rules now in force.
  if (!amount.isPositive() || since === null || step.at < since) return 'skipped';
  if (await rewardExists(trx, step.userId, step.step)) return 'skipped';
  const remaining = remainingOf(settings);
  if (remaining.lt(amount)) {
    await updateSettings(trx, { spent: true });
    return 'stopped';
  }
  const decimals = await ledgerAssetDecimals(trx, settings.asset);
  if (decimals === null) throw new Error(`invite rewards: unknown asset ${settings.asset}`);
  const moved = await transfer(trx, {
    book: 'live',
    asset: settings.asset,
    from: INVITE_ESCROW,
    to: { kind: 'available', userId: inviterId },
    amount: amount.toMinorUnits(decimals, 'down'),
    reason: 'invite_reward',
    reference: { type: 'invite', id: `${step.userId}:${step.step}` },
    idempotencyKey: `invite-reward:${step.userId}:${step.step}`,
  });
  if (!moved.isNew) throw new Error(`invite reward ${step.userId}:${step.step} moved before without its row`);
  const at = ctx.clock.now();
  await insertReward(trx, {
    invitee_id: step.userId,
    step: step.step,
    inviter_id: inviterId,
    amount: amount.toString(),
    asset: settings.asset,
    transfer_id: moved.id,
    paid_at: at,
  });
  await updateSettings(trx, { paid: Decimal.parse(settings.paid).add(amount).toString() });
  await notifyUser(trx, {
    userId: inviterId,
    template: 'invite_reward',
    params: { amount: amount.toString(), asset: settings.asset },
  });
  return 'paid';
}
