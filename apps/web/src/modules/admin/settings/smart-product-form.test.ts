import type { TAdminSmartProduct } from '@openbourse/contracts';
import { LANGUAGES } from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SMART_PRODUCT_FORM,
  type SmartProductFormValues,
  smartProductChanges,
  smartProductCreateBody,
  smartProductFieldOfIssue,
  smartProductFormOf,
  smartProductUpdateBody,
  validateSmartProductForm,
} from './smart-product-form';

const names = Object.fromEntries(LANGUAGES.map((language) => [language, `Plan ${language}`])) as Record<
  (typeof LANGUAGES)[number],
  string
>;

const valid: SmartProductFormValues = {
  ...EMPTY_SMART_PRODUCT_FORM,
  names,
  strategy: 'bollinger-reversion',
  params: { period: '2', width: '0.5', stopWidth: '', allowShort: false },
  code: 'ZECUSDT',
  intervalMinutes: '1',
  leverage: '2',
  marginSharePercent: '50',
  minAmount: '100',
  maxAmount: '5000',
  days: '30, 7',
  exitFeePercent: '1',
  minLevel: '0',
  reason: 'a plan for the journey',
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

const item: TAdminSmartProduct = {
  id: '4',
  name: 'Plan en',
  names,
  strategy: 'bollinger-reversion',
  params: { period: 2, width: 0.5, stopWidth: 1.5, allowShort: false },
  code: 'ZECUSDT',
  intervalMinutes: 1,
  leverage: 2,
  marginShare: '0.5',
  minAmount: '100',
  maxAmount: '5000',
  days: [7, 30],
  exitFeeRate: '0.01',
  minLevel: 0,
  backtest: null,
  enabled: false,
  version: 3,
  backtestState: 'pending',
  backtestError: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('the plan product form', () => {
  it('takes a complete product and sends rates as ratios, days sorted, empty parameters left to their defaults', () => {
    expect(validateSmartProductForm(valid)).toEqual({});
    expect(smartProductCreateBody(valid)).toEqual({
      names,
      strategy: 'bollinger-reversion',
      params: { period: 2, width: 0.5, allowShort: false },
      code: 'ZECUSDT',
      intervalMinutes: 1,
      leverage: 2,
      marginShare: '0.5',
      minAmount: '100',
      maxAmount: '5000',
      days: [7, 30],
      exitFeeRate: '0.01',
      minLevel: 0,
      reason: 'a plan for the journey',
    });
  });

  it('marks each field with its problem before anything is sent', () => {
    const problems = validateSmartProductForm({
      ...valid,
      names: { ...names, ar: ' ' },
      params: { period: '1', width: 'wide', stopWidth: '', allowShort: true },
      code: 'zec usdt',
      intervalMinutes: '7',
      leverage: '31',
      marginSharePercent: '0',
      minAmount: '100.1234567',
      maxAmount: '50',
      days: '7, 7',
      exitFeePercent: '100',
      minLevel: '5',
      reason: '',
    });
    expect(problems).toEqual({
      'names.ar': { key: 'required' },
      'params.period': { key: 'paramRange', values: { min: '2', max: '1000' } },
      'params.width': { key: 'paramNumber', values: { min: '0.1', max: '10' } },
      code: { key: 'code' },
      intervalMinutes: { key: 'interval' },
      leverage: { key: 'leverage', values: { max: '30' } },
      marginShare: { key: 'sharePercent' },
      minAmount: { key: 'amount', values: { decimals: '6' } },
      days: { key: 'dayRepeated' },
      exitFeeRate: { key: 'feePercent' },
      minLevel: { key: 'level', values: { max: '4' } },
      reason: { key: 'required' },
    });
  });

  it("uses the strategy's own check between parameters each valid alone", () => {
    const problems = validateSmartProductForm({
      ...valid,
      strategy: 'ma-crossover',
      params: { fast: '200', slow: '50', allowShort: true },
    });
    expect(problems).toEqual({ 'params.fast': { key: 'paramInconsistent' } });
  });

  it('reads a product back with its parameters and shows only what changed', () => {
    const form = smartProductFormOf(item);
    expect(form.params).toEqual({ period: '2', width: '0.5', stopWidth: '1.5', allowShort: false });
    expect(form.marginSharePercent).toBe('50');
    expect(form.exitFeePercent).toBe('1');
    expect(smartProductChanges({ ...form, reason: 'x' }, item, yesNo)).toEqual([]);
    expect(
      smartProductChanges({ ...form, exitFeePercent: '1.5', params: { ...form.params, period: '3' } }, item, yesNo),
    ).toEqual([
      {
        field: 'params.all',
        before: 'period 2, width 0.5, stopWidth 1.5, allowShort no',
        after: 'period 3, width 0.5, stopWidth 1.5, allowShort no',
      },
      { field: 'exitFeeRate', before: '1%', after: '1.5%' },
    ]);
    expect(smartProductUpdateBody({ ...form, reason: 'fee review' }, item)).toMatchObject({
      version: 3,
      reason: 'fee review',
    });
  });

  it('names the form field of a server refusal', () => {
    expect(smartProductFieldOfIssue('body.params.period')).toBe('params.period');
    expect(smartProductFieldOfIssue('body.days.1')).toBe('days');
    expect(smartProductFieldOfIssue('body.names.fr')).toBe('names.fr');
    expect(smartProductFieldOfIssue('body.leverage')).toBe('leverage');
    expect(smartProductFieldOfIssue('body.version')).toBeNull();
  });
});
