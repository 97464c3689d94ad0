import { Decimal } from '@openbourse/money';
import { transfer } from '../ledger/index.js';
import type { LendingView } from './lending.context.js';
import { minorUnits } from './loan-money.js';

/**
 * The sandbox's lending capital (SPEC §9; a production deployment seeds none: its treasury holds
 * what the business put there). Loans are paid out of the live treasury, which refuses a loan it
 * cannot fund (TREASURY_CANNOT_FUND); a fresh sandbox's treasury holds nothing, so it is given this
 * much from a clearing account named for what it is, once (the transfer's key).
 */
export const SANDBOX_LENDING_CAPITAL = { asset: 'USDT', amount: '1000000' } as const;

export async function seedLendingCapital(db: LendingView, decimals: number): Promise<boolean> {
  const moved = await transfer(db, {
    book: 'live',
    asset: SANDBOX_LENDING_CAPITAL.asset,
    from: { kind: 'clearing', name: 'sandbox:lending-capital' },
    to: { kind: 'treasury' },
    amount: minorUnits(Decimal.parse(SANDBOX_LENDING_CAPITAL.amount), decimals),
    reason: 'treasury_capital',
    idempotencyKey: `sandbox:lending-capital:${SANDBOX_LENDING_CAPITAL.asset}`,
  });
  return moved.isNew;
}
