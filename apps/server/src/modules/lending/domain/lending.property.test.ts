import { Decimal } from '@openbourse/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrueInterest, newLoanBalance, outstandingOf } from './interest.js';
import { DAY_MS } from './lending-constants.js';
import { planLiquidation } from './liquidation-plan.js';
import type { LoanAccount, LoanBalance, LoanTerms, TransferIntent } from './loan-types.js';
import { type LtvThresholds, ltvOf, ltvReaches, maxLoanFor, nextWarningLtv, type PriceQuote } from './ltv.js';
import { LtvMonitor } from './ltv-monitor.js';
import { applyRepayment } from './repayment.js';

/**
 * Crypto-backed loans over random price paths, stale and old prices, days passing and random
 * repayments, carried out on a small double-entry ledger of the test's own. After every step:
 * - no user account is negative, and each loan's held collateral is what the ledger holds;
 * - the collateral asset is conserved (users' available + held + treasury = deposited);
 * - the loan asset and the debt balance: treasury + Σ debt (exact) + Σ liquidation proceeds
 *   = treasury at start + Σ interest accrued − Σ written off − Σ waived;
 * - a refused (stale, old) price liquidates nothing and the monitor crosses nothing on it;
 * - the monitor's crossings equal a scan of every open loan at the exact LTV rule.
 */

const d = Decimal.parse;
const USDT = { code: 'USDT', decimals: 6 };
const BTC = { code: 'BTC', decimals: 8 };
const START = Date.UTC(2026, 10, 26, 0, 0, 0);
const TREASURY_START = d('100000000');

type Loan = {
  id: string;
  userId: string;
  terms: LoanTerms;
  balance: LoanBalance;
  collateral: Decimal;
  /** What the monitor was last told (the scan's view). */
  watched: { debt: Decimal; collateral: Decimal; warnLtv: Decimal | null; warnArmed: boolean; seq: number };
  steps: number;
};

class MiniLedger {
  readonly balances = new Map<string, Decimal>();

  static key(asset: string, account: LoanAccount | { kind: 'clearing' }): string {
    return `${asset}|${account.kind}|${'userId' in account ? account.userId : ''}`;
  }

  get(asset: string, account: LoanAccount | { kind: 'clearing' }): Decimal {
    return this.balances.get(MiniLedger.key(asset, account)) ?? Decimal.ZERO;
  }

  move(
    asset: string,
    from: LoanAccount | { kind: 'clearing' },
    to: LoanAccount | { kind: 'clearing' },
    amount: Decimal,
  ) {
    expect(amount.isPositive()).toBe(true);
    const after = this.get(asset, from).sub(amount);
    // A user's balance never goes below zero; the treasury and the outside world may.
    if ('userId' in from) expect(after.isNegative(), `${asset} ${from.kind} of ${from.userId} negative`).toBe(false);
    this.balances.set(MiniLedger.key(asset, from), after);
    this.balances.set(MiniLedger.key(asset, to), this.get(asset, to).add(amount));
  }

  apply(intents: TransferIntent[], seenKeys: Set<string>) {
    for (const t of intents) {
      expect(seenKeys.has(t.idempotencyKey), `key reused: ${t.idempotencyKey}`).toBe(false);
      seenKeys.add(t.idempotencyKey);
      this.move(t.asset, t.from, t.to, t.amount);
    }
  }

  total(asset: string): Decimal {
    let sum = Decimal.ZERO;
    for (const [key, value] of this.balances) if (key.startsWith(`${asset}|`)) sum = sum.add(value);
    return sum;
  }
}

const op = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      move: fc.oneof(
        { weight: 12, arbitrary: fc.integer({ min: -1000, max: 700 }) },
        { weight: 1, arbitrary: fc.constant(-3000) },
      ),
      fault: fc.constantFrom('none', 'none', 'none', 'none', 'stale', 'old'),
      // now and then a gap straight to an LTV near 1 for one loan (full liquidations, surplus, dust)
      gapTo: fc.oneof(
        { weight: 12, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.record({ loan: fc.nat(), ltvPermille: fc.integer({ min: 960, max: 1020 }) }) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 6 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('repay' as const),
      loan: fc.nat(),
      share: fc.oneof(fc.integer({ min: 1, max: 999 }), fc.constant(1000)), // of the outstanding, in ‰
      over: fc.boolean(),
    }),
  },
);

const setup = fc.record({
  thresholds: fc.constantFrom(
    { initialLtv: d('0.5'), marginCallLtv: d('0.7'), liquidationLtv: d('0.8') },
    { initialLtv: d('0.6'), marginCallLtv: d('0.75'), liquidationLtv: d('0.85') },
  ),
  loans: fc.array(
    fc.record({
      collateralMinor: fc.integer({ min: 1_000_000, max: 300_000_000 }), // 0.01 – 3 BTC
      share: fc.integer({ min: 300, max: 1000 }), // of the maximum loan, in ‰
      cushion: fc.integer({ min: 0, max: 500 }), // USDT the user holds besides the loan
    }),
    { minLength: 1, maxLength: 6 },
  ),
  dailyRate: fc.constantFrom('0', '0.0005', '0.0013'),
  interestFreeDays: fc.integer({ min: 0, max: 5 }),
  termDays: fc.integer({ min: 3, max: 20 }),
});

/** What the runs went through: the test fails if the paths never reach a case it is about. */
const seen = {
  warnings: 0,
  partial: 0,
  full: 0,
  underWater: 0,
  fullWithReturn: 0,
  refusedPrices: 0,
  settledRepayments: 0,
  partialRepayments: 0,
  overdue: 0,
};

describe('crypto-backed loans over random price paths and repayments', () => {
  it('conserve every asset, never liquidate on a stale price, keep users non-negative and match a full scan', () => {
    fc.assert(
      fc.property(setup, fc.array(op, { minLength: 1, maxLength: 80, size: 'max' }), (s, ops) => run(s, ops)),
      { numRuns: 100, seed: 17 },
    );
    for (const [name, count] of Object.entries(seen)) expect(count, name).toBeGreaterThan(0);
  });
});

function run(
  s: typeof setup extends fc.Arbitrary<infer T> ? T : never,
  ops: (typeof op extends fc.Arbitrary<infer T> ? T : never)[],
) {
  const thresholds: LtvThresholds = s.thresholds;
  const ledger = new MiniLedger();
  const keys = new Set<string>();
  const monitor = new LtvMonitor();
  const loans = new Map<string, Loan>();
  let now = START;
  let price = d('60000');
  let seq = 0;
  let deposited = Decimal.ZERO;
  let interestAccrued = Decimal.ZERO;
  let proceedsTotal = Decimal.ZERO;
  let writtenOff = Decimal.ZERO;
  let waived = Decimal.ZERO;
  const clearing = { kind: 'clearing' } as const;
  const treasury = { kind: 'treasury' } as const;
  ledger.move('USDT', clearing, treasury, TREASURY_START);

  const watch = (loan: Loan) => {
    const debt = outstandingOf(loan.terms, loan.balance);
    const warnLtv = nextWarningLtv(thresholds, ltvOf(debt, loan.collateral, price));
    monitor.upsert({
      loanId: loan.id,
      collateralAsset: 'BTC',
      loanAsset: 'USDT',
      debt,
      collateral: loan.collateral,
      warnLtv,
      liquidationLtv: thresholds.liquidationLtv,
    });
    loan.watched = { debt, collateral: loan.collateral, warnLtv, warnArmed: warnLtv !== null, seq: seq++ };
  };
  const close = (loan: Loan) => {
    monitor.remove(loan.id);
    loans.delete(loan.id);
  };
  /** Accrues to `now`, counting the interest for the books. */
  const accrue = (loan: Loan) => {
    const accrued = accrueInterest(loan.terms, loan.balance, now);
    interestAccrued = interestAccrued.add(accrued.accruedInterest.sub(loan.balance.accruedInterest));
    loan.balance = accrued;
  };

  // Disbursement: collateral deposited and held, principal from the treasury.
  s.loans.forEach((spec, i) => {
    const userId = `U${i}`;
    const collateral = Decimal.fromMinorUnits(BigInt(spec.collateralMinor), BTC.decimals);
    const available = { kind: 'available', userId } as const;
    ledger.move('BTC', clearing, available, collateral);
    deposited = deposited.add(collateral);
    ledger.move('BTC', available, { kind: 'held', userId }, collateral);
    const principal = maxLoanFor(collateral, price, thresholds.initialLtv, USDT)
      .mul(Decimal.fromInteger(spec.share))
      .div(d('1000'), USDT.decimals, 'floor');
    if (!principal.isPositive()) return;
    ledger.move('USDT', treasury, available, principal);
    if (spec.cushion > 0) ledger.move('USDT', clearing, available, Decimal.fromInteger(spec.cushion));
    const terms: LoanTerms = {
      principal,
      asset: USDT,
      termDays: s.termDays,
      dailyRate: d(s.dailyRate),
      interestFreeDays: s.interestFreeDays,
      disbursedAt: now,
    };
    const loan: Loan = {
      id: `L${i}`,
      userId,
      terms,
      balance: newLoanBalance(terms),
      collateral,
      watched: undefined as never,
      steps: 0,
    };
    loans.set(loan.id, loan);
    watch(loan);
  });

  const check = () => {
    let debts = Decimal.ZERO;
    for (const loan of loans.values()) {
      debts = debts.add(loan.balance.principal).add(loan.balance.accruedInterest);
      expect(ledger.get('BTC', { kind: 'held', userId: loan.userId })).toEqual(loan.collateral);
    }
    for (const key of ledger.balances.keys()) {
      if (key.includes('|available|') || key.includes('|held|')) {
        expect((ledger.balances.get(key) as Decimal).isNegative(), key).toBe(false);
      }
    }
    expect(ledger.total('BTC')).toEqual(Decimal.ZERO);
    expect(ledger.total('USDT')).toEqual(Decimal.ZERO);
    const userBtc = [...ledger.balances]
      .filter(([key]) => key.startsWith('BTC|available|') || key.startsWith('BTC|held|'))
      .reduce((sum, [, value]) => sum.add(value), Decimal.ZERO);
    expect(userBtc.add(ledger.get('BTC', treasury))).toEqual(deposited);
    // The loan asset and the debt, exact.
    expect(ledger.get('USDT', treasury).add(debts).add(proceedsTotal)).toEqual(
      TREASURY_START.add(interestAccrued).sub(writtenOff).sub(waived),
    );
  };
  check();

  for (const o of ops) {
    if (o.kind === 'days') {
      now += o.days * DAY_MS;
      for (const loan of loans.values()) {
        accrue(loan);
        watch(loan);
      }
    } else if (o.kind === 'repay') {
      const open = [...loans.values()];
      const loan = open[o.loan % Math.max(1, open.length)];
      if (loan === undefined) continue;
      accrue(loan);
      const outstanding = outstandingOf(loan.terms, loan.balance);
      const wallet = ledger.get('USDT', { kind: 'available', userId: loan.userId });
      const before = new Map(ledger.balances);
      const step = { loanId: loan.id, userId: loan.userId, step: `r${loan.steps++}` };
      const base = {
        terms: loan.terms,
        balance: loan.balance,
        at: now,
        step,
        collateral: { asset: BTC, amount: loan.collateral },
      };
      if (o.over) {
        const refused = applyRepayment({ ...base, amount: outstanding.add(d('0.000001')) });
        expect(refused).toEqual({ ok: false, reason: 'above_outstanding', outstanding });
        expect(ledger.balances).toEqual(before);
        continue;
      }
      const amount = Decimal.min(wallet, outstanding.mul(Decimal.fromInteger(o.share)).div(d('1000'), 6, 'floor'));
      if (!amount.isPositive()) continue;
      const result = applyRepayment({ ...base, amount });
      if (!result.ok) throw new Error(`repayment refused: ${result.reason}`);
      expect(result.interestPaid.add(result.principalPaid)).toEqual(amount);
      ledger.apply(result.transfers, keys);
      loan.balance = result.balance;
      waived = waived.add(result.interestWaived);
      if (now > loan.terms.disbursedAt + loan.terms.termDays * DAY_MS) seen.overdue++;
      if (result.isSettled) {
        seen.settledRepayments++;
        loan.collateral = loan.collateral.sub(result.collateralReleased);
        expect(loan.collateral).toEqual(Decimal.ZERO);
        close(loan);
      } else {
        seen.partialRepayments++;
        watch(loan);
      }
    } else {
      now += 1_000;
      let next = price.mul(Decimal.fromInteger(10_000 + o.move)).div(d('10000'), 2, 'half-even');
      const target = o.gapTo && [...loans.values()][o.gapTo.loan % Math.max(1, loans.size)];
      if (o.gapTo && target) {
        const ltv = Decimal.fromInteger(o.gapTo.ltvPermille).div(d('1000'), 3, 'down');
        next = outstandingOf(target.terms, target.balance).div(target.collateral.mul(ltv), 2, 'half-even');
      }
      const candidate = Decimal.max(next, d('100'));
      const quote: PriceQuote = {
        base: 'BTC',
        quote: 'USDT',
        price: candidate,
        source: 'test-feed',
        time: o.fault === 'old' ? now - 20_000 : now,
        isStale: o.fault === 'stale',
      };
      const crossed = monitor.onQuote(quote, now);
      if (o.fault !== 'none') {
        expect(crossed).toEqual({
          warnings: [],
          liquidations: [],
          refused: o.fault === 'stale' ? 'source_stale' : 'too_old',
        });
        seen.refusedPrices++;
        for (const loan of loans.values()) {
          const attempt = planLiquidation({
            terms: loan.terms,
            balance: loan.balance,
            collateralAsset: BTC,
            collateral: loan.collateral,
            thresholds,
            quote,
            now,
            step: { loanId: loan.id, userId: loan.userId, step: 'never' },
          });
          expect(attempt.ok).toBe(false);
        }
        continue;
      }
      price = candidate;
      // The scan: every open loan, as the monitor was last told, at the exact LTV rule.
      const expectedLiquidations: string[] = [];
      const expectedWarnings: string[] = [];
      for (const loan of loans.values()) {
        const w = loan.watched;
        if (ltvReaches(w.debt, w.collateral, price, thresholds.liquidationLtv)) expectedLiquidations.push(loan.id);
        else if (w.warnArmed && w.warnLtv && ltvReaches(w.debt, w.collateral, price, w.warnLtv))
          expectedWarnings.push(loan.id);
      }
      expect(crossed.liquidations.map((c) => c.loanId).sort()).toEqual(expectedLiquidations.sort());
      expect(crossed.warnings.map((c) => c.loanId).sort()).toEqual(expectedWarnings.sort());

      for (const { loanId } of crossed.warnings) {
        seen.warnings++;
        const loan = loans.get(loanId) as Loan;
        loan.watched.warnArmed = false;
        watch(loan); // the next warning, a step higher
      }
      for (const { loanId } of crossed.liquidations) {
        const loan = loans.get(loanId) as Loan;
        accrue(loan);
        const plan = planLiquidation({
          terms: loan.terms,
          balance: loan.balance,
          collateralAsset: BTC,
          collateral: loan.collateral,
          thresholds,
          quote,
          now,
          step: { loanId: loan.id, userId: loan.userId, step: `liquidation-${loan.steps++}` },
        });
        if (!plan.ok) throw new Error(`liquidation refused: ${plan.reason}`);
        expect(plan.proceeds).toEqual(plan.collateralSold.mul(price).round(USDT.decimals, 'ceil'));
        expect(plan.collateralSold.add(plan.collateralReleased).add(plan.collateralAfter)).toEqual(loan.collateral);
        expect(plan.interestPaid.add(plan.principalPaid).add(plan.surplus)).toEqual(plan.proceeds);
        ledger.apply(plan.transfers, keys);
        proceedsTotal = proceedsTotal.add(plan.proceeds);
        writtenOff = writtenOff.add(plan.shortfall);
        waived = waived.add(plan.interestWaived);
        loan.balance = plan.balance;
        loan.collateral = plan.collateralAfter;
        if (plan.kind === 'full') {
          seen.full++;
          if (plan.shortfall.isPositive()) seen.underWater++;
          if (plan.surplus.isPositive() || plan.collateralReleased.isPositive()) seen.fullWithReturn++;
          expect(plan.debtAfter).toEqual(Decimal.ZERO);
          close(loan);
        } else {
          seen.partial++;
          expect(plan.ltvAfter?.lte(thresholds.initialLtv)).toBe(true);
          watch(loan);
        }
      }
    }
    check();
  }
}
