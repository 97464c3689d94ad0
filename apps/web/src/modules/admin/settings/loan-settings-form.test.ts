import type { TAdminLoanSetting } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LOAN_FORM,
  type LoanFormValues,
  loanChanges,
  loanCreateBody,
  loanFieldOfIssue,
  loanFormOf,
  loanUpdateBody,
  parseTerms,
  validateLoanForm,
} from './loan-settings-form';

const CRYPTO: TAdminLoanSetting = {
  id: '2',
  kind: 'crypto_backed',
  asset: 'USDT',
  terms: [7, 30, 90],
  dailyRate: '0.0003',
  interestFreeDays: 0,
  limits: [
    { verification: 'unverified', minAmount: '50', maxAmount: '50000' },
    { verification: 'verified', minAmount: '50', maxAmount: '200000' },
  ],
  collateralAssets: ['BTC', 'ETH'],
  initialLtv: '0.5',
  marginCallLtv: '0.7',
  liquidationLtv: '0.8',
  enabled: true,
  version: 4,
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
};
const valid: LoanFormValues = { ...loanFormOf(CRYPTO), reason: 'rate review' };

describe('the loan product form', () => {
  it('reads a product as percentages and sends ratios back, with the version read', () => {
    expect(valid).toMatchObject({ dailyRatePercent: '0.03', initialLtvPercent: '50', terms: '7, 30, 90' });
    expect(validateLoanForm(valid)).toEqual({});
    expect(loanUpdateBody({ ...valid, dailyRatePercent: '0.04' }, CRYPTO)).toEqual({
      asset: 'USDT',
      terms: [7, 30, 90],
      dailyRate: '0.0004',
      interestFreeDays: 0,
      limits: CRYPTO.limits,
      collateralAssets: ['BTC', 'ETH'],
      initialLtv: '0.5',
      marginCallLtv: '0.7',
      liquidationLtv: '0.8',
      version: 4,
      reason: 'rate review',
    });
  });

  it('lists only what changes for the confirmation, decimals compared as numbers', () => {
    expect(loanChanges({ ...valid, dailyRatePercent: '0.030' }, CRYPTO)).toEqual([]);
    expect(loanChanges({ ...valid, dailyRatePercent: '0.04', terms: '90 7 30' }, CRYPTO)).toEqual([
      { field: 'dailyRate', before: '0.03%', after: '0.04%' },
    ]);
    // A value still mistyped is shown as typed, never thrown on (the dialog marks it).
    expect(loanChanges({ ...valid, dailyRatePercent: '0,04' }, CRYPTO)).toEqual([
      { field: 'dailyRate', before: '0.03%', after: '0,04%' },
    ]);
  });

  it.each([
    ['terms', { terms: '7, x' }, 'terms'],
    ['terms', { terms: '7, 7' }, 'termRepeated'],
    ['terms', { terms: '' }, 'required'],
    ['dailyRate', { dailyRatePercent: '10' }, 'ratePercent'],
    ['dailyRate', { dailyRatePercent: '0,05' }, 'ratePercent'],
    ['interestFreeDays', { interestFreeDays: '7' }, 'freeDaysBelowTerm'],
    ['interestFreeDays', { interestFreeDays: '-1' }, 'wholeDays'],
    ['verifiedMax', { verifiedMax: '49' }, 'minAboveMax'],
    ['verifiedMin', { verifiedMin: '0' }, 'positive'],
    ['unverifiedMin', { unverifiedMin: '1.0000001' }, 'amount'],
    ['collateralAssets', { collateralAssets: [] }, 'collateralRequired'],
    ['marginCallLtv', { marginCallLtvPercent: '50' }, 'ltvOrder'],
    ['liquidationLtv', { liquidationLtvPercent: '100' }, 'ltvPercent'],
    ['initialLtv', { initialLtvPercent: '0' }, 'ltvPercent'],
    ['reason', { reason: '  ' }, 'required'],
  ] as const)('marks %s for %o (%s)', (field, change, key) => {
    expect(validateLoanForm({ ...valid, ...change })[field]?.key).toBe(key);
  });

  it('asks an unsecured product for no unverified limit, collateral or LTVs, and sends none', () => {
    const unsecured: LoanFormValues = {
      ...EMPTY_LOAN_FORM,
      kind: 'unsecured',
      terms: '14 7 30',
      dailyRatePercent: '0.05',
      interestFreeDays: '3',
      hasUnverifiedLimit: true,
      verifiedMin: '100',
      verifiedMax: '5000',
      reason: 'new',
    };
    expect(validateLoanForm(unsecured)).toEqual({});
    expect(loanCreateBody(unsecured)).toEqual({
      kind: 'unsecured',
      asset: 'USDT',
      terms: [7, 14, 30],
      dailyRate: '0.0005',
      interestFreeDays: 3,
      limits: [{ verification: 'verified', minAmount: '100', maxAmount: '5000' }],
      collateralAssets: [],
      initialLtv: null,
      marginCallLtv: null,
      liquidationLtv: null,
      reason: 'new',
    });
    expect(loanChanges(unsecured, null).map((change) => change.field)).toEqual([
      'terms',
      'dailyRate',
      'interestFreeDays',
      'verifiedMin',
      'verifiedMax',
    ]);
  });

  it('maps the server’s refused paths to the form’s fields', () => {
    expect(loanFieldOfIssue('body.limits.0.maxAmount', valid)).toBe('unverifiedMax');
    expect(loanFieldOfIssue('body.limits.1.minAmount', valid)).toBe('verifiedMin');
    expect(loanFieldOfIssue('body.limits.0.minAmount', { ...valid, hasUnverifiedLimit: false })).toBe('verifiedMin');
    expect(loanFieldOfIssue('body.collateralAssets.1', valid)).toBe('collateralAssets');
    expect(loanFieldOfIssue('body.liquidationLtv', valid)).toBe('liquidationLtv');
    expect(loanFieldOfIssue('body.asset', valid)).toBeNull();
    expect(parseTerms('7;14 30')).toEqual([7, 14, 30]);
  });
});
