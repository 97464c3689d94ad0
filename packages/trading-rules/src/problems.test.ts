import { CATALOGUE, type CatalogueName } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { TRADING_RULE_PROBLEMS, type TradingRuleProblem } from './index.js';

// The codes the server answered for these problems before the rules were shared (its
// per-module mapper: lots → 10016, no conversion → 10015, …), so clients see the same codes.
const CODE_TODAY: Record<TradingRuleProblem, number> = {
  PURCHASE_AMOUNT_WRONG: 10016,
  NOT_TRADABLE_NOW: 10015,
  LEVERAGE_INVALID: 10139,
  PRICE_INVALID: 10140,
  STOP_LOSS_UNREASONABLE: 10136,
  TAKE_PROFIT_UNREASONABLE: 10137,
  STOP_COMBINATION_UNREASONABLE: 10138,
  ENTRY_PRICE_UNREASONABLE: 10143,
  INSUFFICIENT_ACCOUNT_BALANCE: 10037,
};

describe('the names the trading rules answer', () => {
  it('are all catalogue names, with the codes the server has always answered', () => {
    expect([...TRADING_RULE_PROBLEMS].sort()).toEqual(Object.keys(CODE_TODAY).sort());
    for (const name of TRADING_RULE_PROBLEMS) {
      expect(Object.keys(CATALOGUE), name).toContain(name);
      expect(CATALOGUE[name satisfies CatalogueName].code, name).toBe(CODE_TODAY[name]);
    }
  });
});
