import type { TInviteRewardSettings, TInviteRewardSettingsRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import { assertTreasuryCovers, ledgerAssetDecimals, type TransferInput, transfer } from '../ledger/index.js';
import { amountOf, INVITE_ESCROW, remainingOf, STEPS, settingsToWire, statusOf } from './invite-programme.js';
import type { OperatorAction, ReferralContext, ReferralView } from './referral.context.js';
import { databaseNow, findSettings, lockSettings, type SettingsRow, updateSettings } from './referral.repository.js';
import type { ReferralStepName } from './referral.tables.js';

export async function inviteRewardSettings(ctx: ReferralContext): Promise<TInviteRewardSettings> {
  return settingsToWire(await findSettings(ctx.db));
}

/**
 * An operator sets the rewards per step and the whole budget (SPEC §0 rule 4: a promise is funded
 * when it is made). Raising the budget moves the difference from the live treasury into the
 * programme's escrow under the ledger's treasury funding lock (10201 when the treasury cannot;
 * nothing moves); lowering it returns the difference (10234 below what was paid); a change of
 * asset returns what remained in the old asset and reserves the whole new budget in the new one
 * (a fresh budget: nothing paid from it yet). 10235 when someone changed the settings since they
 * were read. Audited with the operator's reason, in the same transaction as the money.
 */
export async function setInviteRewards(
  ctx: ReferralContext,
  action: OperatorAction,
  input: TInviteRewardSettingsRequest,
): Promise<TInviteRewardSettings> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockSettings(trx);
    if (current.version !== input.version) throw new AppError('INVITE_SETTINGS_CHANGED');
    const decimals = await ledgerAssetDecimals(trx, input.asset);
    if (decimals === null) throw new AppError('INVALID_INPUT', { data: { field: 'asset', reason: 'unknown asset' } });
    const amounts = requestedAmounts(input, decimals);
    const budget = atPrecision(input.budget, decimals, 'budget');
    const sameAsset = input.asset === current.asset;
    const paid = sameAsset ? Decimal.parse(current.paid) : Decimal.ZERO;
    if (budget.lt(paid)) {
      throw new AppError('INVITE_BUDGET_BELOW_PAID', { data: { paid: paid.toString(), asset: input.asset } });
    }
    const now = ctx.clock.now();
    const stepsFrom = await databaseNow(trx);
    const version = current.version + 1;
    const moved = await moveBudget(trx, current, { asset: input.asset, budget, decimals, version, action, input });

    const wasActive = statusOf(current) === 'active' && sameAsset;
    const changed =
      !sameAsset || budget.gt(Decimal.parse(current.budget)) || STEPS.some((s) => !amounts[s].eq(amountOf(current, s)));
    // A step pays for what happens from when its reward is switched on: kept while it was paying,
    // else from now (so steps made while the programme paid nothing, or had stopped, never pay).
    const since = (step: ReferralStepName, previous: Date | null) =>
      amounts[step].isPositive()
        ? wasActive && amountOf(current, step).isPositive() && previous
          ? previous
          : stepsFrom
        : null;
    const next = await updateSettings(trx, {
      asset: input.asset,
      register_amount: amounts.register.toString(),
      fund_amount: amounts.fund.toString(),
      trade_amount: amounts.trade.toString(),
      register_since: since('register', current.register_since),
      fund_since: since('fund', current.fund_since),
      trade_since: since('trade', current.trade_since),
      budget: budget.toString(),
      paid: paid.toString(),
      spent: changed ? false : current.spent,
      version,
      updated_at: now,
      updated_by: action.operatorId,
    });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'referral.invite_rewards.set',
      targetType: 'invite_rewards',
      targetId: 'settings',
      before: settingsToWire(current),
      after: settingsToWire(next),
      reason: input.reason,
      details: { transfers: moved },
      requestId: action.requestId,
      ip: action.ip,
    });
    return next;
  });
  return settingsToWire(row);
}

function atPrecision(value: string, decimals: number, field: string): Decimal {
  const amount = Decimal.parse(value);
  if (amount.isNegative() || amount.scale > decimals) {
    throw new AppError('INVALID_INPUT', { data: { field, reason: `at most ${decimals} decimals` } });
  }
  return amount;
}

function requestedAmounts(input: TInviteRewardSettingsRequest, decimals: number): Record<ReferralStepName, Decimal> {
  const amounts: Record<ReferralStepName, Decimal> = {
    register: Decimal.ZERO,
    fund: Decimal.ZERO,
    trade: Decimal.ZERO,
  };
  const seen = new Set<ReferralStepName>();
  for (const reward of input.rewards) {
    if (seen.has(reward.step))
      throw new AppError('INVALID_INPUT', { data: { field: 'rewards', reason: 'a step twice' } });
    seen.add(reward.step);
    amounts[reward.step] = atPrecision(reward.amount, decimals, `rewards.${reward.step}`);
  }
  return amounts;
}

/**
 * The budget's money: the difference between the new budget and the old, treasury ↔ escrow, each
 * transfer under a key naming the settings version it makes (a retried change moves nothing twice).
 */
async function moveBudget(
  trx: ReferralView,
  current: SettingsRow,
  next: {
    asset: string;
    budget: Decimal;
    decimals: number;
    version: number;
    action: OperatorAction;
    input: TInviteRewardSettingsRequest;
  },
): Promise<Array<{ transferId: string; asset: string; amount: string; direction: 'reserve' | 'return' }>> {
  const moves: Array<{ asset: string; amount: Decimal; decimals: number; direction: 'reserve' | 'return' }> = [];
  if (next.asset === current.asset) {
    const difference = next.budget.sub(Decimal.parse(current.budget));
    if (difference.isPositive())
      moves.push({ asset: next.asset, amount: difference, decimals: next.decimals, direction: 'reserve' });
    if (difference.isNegative()) {
      moves.push({ asset: next.asset, amount: difference.neg(), decimals: next.decimals, direction: 'return' });
    }
  } else {
    const left = remainingOf(current);
    if (left.isPositive()) {
      const oldDecimals = (await ledgerAssetDecimals(trx, current.asset)) ?? 0;
      moves.push({ asset: current.asset, amount: left, decimals: oldDecimals, direction: 'return' });
    }
    if (next.budget.isPositive()) {
      moves.push({ asset: next.asset, amount: next.budget, decimals: next.decimals, direction: 'reserve' });
    }
  }
  const done = [];
  for (const move of moves) {
    const minor = move.amount.toMinorUnits(move.decimals, 'down');
    if (move.direction === 'reserve') await assertTreasuryCovers(trx, move.asset, minor);
    const input: TransferInput = {
      book: 'live',
      asset: move.asset,
      from: move.direction === 'reserve' ? { kind: 'treasury' } : INVITE_ESCROW,
      to: move.direction === 'reserve' ? INVITE_ESCROW : { kind: 'treasury' },
      amount: minor,
      reason: move.direction === 'reserve' ? 'invite_reward_budget' : 'invite_reward_budget_return',
      reference: { type: 'invite_rewards', id: String(next.version) },
      idempotencyKey: `invite-budget:${next.version}:${move.direction}:${move.asset}`,
      operator: { id: next.action.operatorId, reason: next.input.reason },
    };
    const result = await transfer(trx, input);
    done.push({ transferId: result.id, asset: move.asset, amount: move.amount.toString(), direction: move.direction });
  }
  return done;
}
