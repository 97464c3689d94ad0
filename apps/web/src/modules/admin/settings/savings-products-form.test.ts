import type { TAdminSavingsProduct } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SAVINGS_FORM,
  type SavingsFormValues,
  savingsChanges,
  savingsCreateBody,
  savingsFieldOfIssue,
  savingsFormOf,
  savingsUpdateBody,
  validateSavingsForm,
} from './savings-products-form';

const names = {
  en: 'Seven days',
  ja: '7日',
  ko: '7일',
  de: 'Sieben Tage',
  fr: 'Sept jours',
  it: 'Sette giorni',
  es: 'Siete días',
  ar: 'سبعة أيام',
  hk: '七日',
  zh: '七天',
};

const filled: SavingsFormValues = {
  ...EMPTY_SAVINGS_FORM,
  names,
  minAmount: '100',
  maxAmount: '10000',
  capacity: '500000',
  periodDays: '7',
  dailyRatePercent: '0.05',
  penaltyRatePercent: '1',
  minLevel: 1,
  reason: 'New product',
};

const product: TAdminSavingsProduct = {
  id: '4',
  names,
  asset: 'USDT',
  minAmount: '100',
  maxAmount: '10000',
  periodDays: 7,
  dailyRate: '0.0005',
  capacity: '500000',
  principalEarning: '0',
  remainingCapacity: '500000',
  minLevel: 1,
  penaltyRate: '0.01',
  status: 'on_sale',
  pausedReason: null,
  version: 3,
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
};

describe('the savings product form', () => {
  it('accepts a complete product and sends rates as ratios', () => {
    expect(validateSavingsForm(filled)).toEqual({});
    expect(savingsCreateBody(filled)).toMatchObject({
      dailyRate: '0.0005',
      penaltyRate: '0.01',
      periodDays: 7,
      minLevel: 1,
      reason: 'New product',
    });
    expect(savingsUpdateBody({ ...filled, reason: 'x' }, product).version).toBe(3);
  });

  it('marks each field the server would refuse', () => {
    const problems = validateSavingsForm({
      ...filled,
      names: { ...names, de: ' ' },
      minAmount: '100.0000001',
      maxAmount: '50',
      capacity: '40',
      periodDays: '0',
      dailyRatePercent: '1',
      penaltyRatePercent: '50',
      reason: '',
    });
    expect(problems['name.de']?.key).toBe('required');
    expect(problems.minAmount?.key).toBe('amount');
    expect(problems.capacity?.key).toBe('capacityBelowMax');
    expect(problems.periodDays?.key).toBe('wholeDays');
    // 1% a day is the ceiling (a ratio below 0.01), 50% of the principal the penalty's.
    expect(problems.dailyRate?.key).toBe('ratePercent');
    expect(problems.penaltyRate?.key).toBe('penaltyPercent');
    expect(problems.reason?.key).toBe('required');
    expect(validateSavingsForm({ ...filled, maxAmount: '99' }).maxAmount?.key).toBe('minAboveMax');
  });

  it('lists only what changes, decimals compared as numbers', () => {
    const same = savingsFormOf(product);
    expect(savingsChanges({ ...same, dailyRatePercent: '0.050' }, product)).toEqual([]);
    expect(savingsChanges({ ...same, capacity: '600000', names: { ...names, fr: 'Une semaine' } }, product)).toEqual([
      { field: 'name.fr', before: 'Sept jours', after: 'Une semaine' },
      { field: 'capacity', before: '500000', after: '600000' },
    ]);
    expect(savingsChanges(filled, null).length).toBe(17);
    expect(savingsFieldOfIssue('body.names.ar')).toBe('name.ar');
    expect(savingsFieldOfIssue('body.capacity')).toBe('capacity');
    expect(savingsFieldOfIssue('body.other')).toBeNull();
  });
});
