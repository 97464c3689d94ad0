import type { TInviteRewardSettings } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  budgetMoves,
  hasChanges,
  inviteRewardsBody,
  inviteRewardsFormOf,
  validateInviteRewards,
} from './invite-rewards-form';

const settings: TInviteRewardSettings = {
  asset: 'USDT',
  rewards: [
    { step: 'register', amount: '1' },
    { step: 'fund', amount: '2' },
    { step: 'trade', amount: '0' },
  ],
  budget: '100',
  paid: '30',
  remaining: '70',
  status: 'active',
  version: 4,
  updatedAt: null,
};

describe('the invite rewards form', () => {
  it('starts from the settings and sends the version it read, amounts canonical', () => {
    const form = { ...inviteRewardsFormOf(settings), budget: '150.50', reason: ' more budget ' };
    expect(inviteRewardsBody(form, settings)).toEqual({
      asset: 'USDT',
      rewards: [
        { step: 'register', amount: '1' },
        { step: 'fund', amount: '2' },
        { step: 'trade', amount: '0' },
      ],
      budget: '150.5',
      version: 4,
      reason: 'more budget',
    });
  });

  it('names what the budget change moves: reserved, returned, or both on another asset', () => {
    const form = inviteRewardsFormOf(settings);
    expect(budgetMoves({ ...form, budget: '150' }, settings)).toEqual([
      { kind: 'reserve', amount: '50', asset: 'USDT' },
    ]);
    expect(budgetMoves({ ...form, budget: '40' }, settings)).toEqual([{ kind: 'return', amount: '60', asset: 'USDT' }]);
    expect(budgetMoves(form, settings)).toEqual([]);
    expect(budgetMoves({ ...form, asset: 'USDC', budget: '10' }, settings)).toEqual([
      { kind: 'return', amount: '70', asset: 'USDT' },
      { kind: 'reserve', amount: '10', asset: 'USDC' },
    ]);
  });

  it('refuses a budget below what was paid, a bad amount and a short reason', () => {
    const form = { ...inviteRewardsFormOf(settings), budget: '29.99', reason: 'ok' };
    expect(validateInviteRewards({ ...form, amounts: { ...form.amounts, fund: '-1' } }, settings)).toEqual({
      fund: 'amount',
      budget: 'belowPaid',
      reason: 'reason',
    });
    expect(validateInviteRewards({ ...form, budget: '30', reason: 'fine' }, settings)).toEqual({});
  });

  it('sees no change in the same values written differently', () => {
    const form = inviteRewardsFormOf(settings);
    expect(hasChanges({ ...form, budget: '100.00' }, settings)).toBe(false);
    expect(hasChanges({ ...form, amounts: { ...form.amounts, trade: '3' } }, settings)).toBe(true);
  });
});
