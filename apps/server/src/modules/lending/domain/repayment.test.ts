import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import { newLoanBalance } from './interest.js';
import { DAY_MS } from './lending-constants.js';
import type { LoanBalance, LoanTerms } from './loan-types.js';
import { applyRepayment, type RepaymentApplied, type RepaymentResult } from './repayment.js';

const d = Decimal.parse;
const USDT = { code: 'USDT', decimals: 6 };
const BTC = { code: 'BTC', decimals: 8 };
const START = Date.UTC(2026, 10, 26, 10, 0, 0);
const HOUR = 3_600_000;

/** 1,000 USDT for 30 days at 0.05% a day, the first 7 days free. */
const terms: LoanTerms = {
  principal: d('1000'),
  asset: USDT,
  termDays: 30,
  dailyRate: d('0.0005'),
  interestFreeDays: 7,
  disbursedAt: START,
};
const step = (id: string) => ({ loanId: 'L1', userId: 'U1', step: id });

function applied(result: RepaymentResult): RepaymentApplied {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('repayment', () => {
  it('pays the accrued interest first, then principal, over partial repayments', () => {
    // Day 10 + 2 h: interest days 7, 8, 9 on 1000 = 1.5. Repay 100: 1.5 interest, 98.5 principal.
    const first = applied(
      applyRepayment({
        terms,
        balance: newLoanBalance(terms),
        amount: d('100'),
        at: START + 10 * DAY_MS + 2 * HOUR,
        step: step('r1'),
      }),
    );
    expect(first.outstandingBefore.toString()).toBe('1001.5');
    expect([first.interestPaid.toString(), first.principalPaid.toString()]).toEqual(['1.5', '98.5']);
    expect(first.balance.principal.toString()).toBe('901.5');
    expect(first.outstandingAfter.toString()).toBe('901.5');
    expect(first.isSettled).toBe(false);

    // Day 20: days 10–19 on 901.5: 901.5 × 0.0005 × 10 = 4.5075. Repay exactly that: interest only.
    const second = applied(
      applyRepayment({ terms, balance: first.balance, amount: d('4.5075'), at: START + 20 * DAY_MS, step: step('r2') }),
    );
    expect([second.interestPaid.toString(), second.principalPaid.toString()]).toEqual(['4.5075', '0']);
    expect(second.balance.principal.toString()).toBe('901.5');
    expect(second.transfers.map((t) => t.purpose)).toEqual(['interest_repayment']);

    // Repayment date: days 20–29 on 901.5 = 4.5075 more; outstanding 901.5 + 4.5075 = 906.0075.
    const due = START + 30 * DAY_MS;
    const tooMuch = applyRepayment({
      terms,
      balance: second.balance,
      amount: d('906.0076'),
      at: due,
      step: step('r3'),
    });
    expect(tooMuch.ok).toBe(false);
    if (!tooMuch.ok && tooMuch.reason === 'above_outstanding') expect(tooMuch.outstanding.toString()).toBe('906.0075');
    else throw new Error('expected above_outstanding');

    const last = applied(
      applyRepayment({ terms, balance: second.balance, amount: d('906.0075'), at: due, step: step('r3') }),
    );
    expect([last.interestPaid.toString(), last.principalPaid.toString()]).toEqual(['4.5075', '901.5']);
    expect(last.isSettled).toBe(true);
    expect(last.outstandingAfter.toString()).toBe('0');
    // In all: 1.5 + 4.5075 + 4.5075 = 10.515 interest, less than the 11.5 promised (early repayment).
    const interest = first.interestPaid.add(second.interestPaid).add(last.interestPaid);
    expect(interest.toString()).toBe('10.515');
  });

  it('describes the payment as keyed transfers from the user to the treasury', () => {
    const result = applied(
      applyRepayment({
        terms,
        balance: newLoanBalance(terms),
        amount: d('100'),
        at: START + 10 * DAY_MS,
        step: step('r1'),
      }),
    );
    expect(result.transfers).toEqual([
      {
        from: { kind: 'available', userId: 'U1' },
        to: { kind: 'treasury' },
        asset: 'USDT',
        amount: d('1.5'),
        purpose: 'interest_repayment',
        idempotencyKey: 'loan:L1:r1:interest_repayment',
      },
      {
        from: { kind: 'available', userId: 'U1' },
        to: { kind: 'treasury' },
        asset: 'USDT',
        amount: d('98.5'),
        purpose: 'principal_repayment',
        idempotencyKey: 'loan:L1:r1:principal_repayment',
      },
    ]);
  });

  it('releases the collateral on full repayment, and only then', () => {
    const collateral = { asset: BTC, amount: d('0.5') };
    const at = START + 3 * DAY_MS; // inside the interest-free days: 1000 outstanding
    const partial = applied(
      applyRepayment({ terms, balance: newLoanBalance(terms), amount: d('400'), at, step: step('r1'), collateral }),
    );
    expect(partial.collateralReleased.toString()).toBe('0');
    expect(partial.transfers.some((t) => t.purpose === 'collateral_release')).toBe(false);
    const full = applied(
      applyRepayment({ terms, balance: partial.balance, amount: d('600'), at, step: step('r2'), collateral }),
    );
    expect(full.collateralReleased.toString()).toBe('0.5');
    expect(full.transfers.at(-1)).toEqual({
      from: { kind: 'held', userId: 'U1' },
      to: { kind: 'available', userId: 'U1' },
      asset: 'BTC',
      amount: d('0.5'),
      purpose: 'collateral_release',
      idempotencyKey: 'loan:L1:r2:collateral_release',
    });
  });

  it('forgives the exact interest below one minor unit when the loan is settled', () => {
    // 100.000001 × 0.0003 × 1 day = 0.0300000003: 0.03 due, 0.0000000003 waived
    const small = { ...terms, principal: d('100.000001'), dailyRate: d('0.0003'), interestFreeDays: 0 };
    const result = applied(
      applyRepayment({
        terms: small,
        balance: newLoanBalance(small),
        amount: d('100.030001'),
        at: START + DAY_MS,
        step: step('r1'),
      }),
    );
    expect(result.isSettled).toBe(true);
    expect(result.interestWaived.toString()).toBe('0.0000000003');
    expect(result.balance.accruedInterest.toString()).toBe('0');
  });

  it('does not charge the partial day of a repayment on what it repaid', () => {
    const balance = newLoanBalance(terms);
    const early = applied(
      applyRepayment({ terms, balance, amount: d('1'), at: START + 10 * DAY_MS + HOUR, step: step('a') }),
    );
    const late = applied(
      applyRepayment({ terms, balance, amount: d('1'), at: START + 11 * DAY_MS - 1, step: step('a') }),
    );
    expect(early.outstandingBefore.toString()).toBe(late.outstandingBefore.toString());
  });

  it('refuses a non-positive amount, too many decimals and more than is outstanding, moving nothing', () => {
    const balance: LoanBalance = newLoanBalance(terms);
    const at = START + DAY_MS;
    const base = { terms, balance, at, step: step('x') };
    expect(applyRepayment({ ...base, amount: d('0') })).toEqual({ ok: false, reason: 'amount_not_positive' });
    expect(applyRepayment({ ...base, amount: d('-5') })).toEqual({ ok: false, reason: 'amount_not_positive' });
    expect(applyRepayment({ ...base, amount: d('1.0000001') })).toEqual({
      ok: false,
      reason: 'amount_precision',
      decimals: 6,
    });
    expect(applyRepayment({ ...base, amount: d('1000.000001') })).toEqual({
      ok: false,
      reason: 'above_outstanding',
      outstanding: d('1000'),
    });
    const repaid = { principal: Decimal.ZERO, accruedInterest: Decimal.ZERO, accruedDays: 1 };
    expect(applyRepayment({ ...base, balance: repaid, amount: d('1') })).toEqual({
      ok: false,
      reason: 'above_outstanding',
      outstanding: Decimal.ZERO,
    });
  });
});
