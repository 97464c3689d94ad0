import { describe, expect, it } from 'vitest';
import {
  feeChanges,
  feeFormOf,
  feeUpdateBody,
  instrumentChanges,
  instrumentFormOf,
  instrumentUpdateBody,
  paymentChanges,
  paymentFormOf,
  paymentUpdateBody,
  percentToRatio,
  ratioToPercent,
  refusedFields,
  sameDecimal,
  validateFeeForm,
  validateInstrumentForm,
  validatePaymentForm,
} from './settings-form';

const eurusd = {
  enabled: true,
  leverageCap: 20,
  classLeverageCap: 30,
  minLots: '0.01',
  maxLots: '100',
  lotStep: '0.01',
};

const usdt = {
  depositMinimum: '120',
  withdrawalMinimum: '20',
  withdrawalMaximum: null,
  withdrawalFeeRate: '0.001',
};

describe('ratio and percentage texts', () => {
  it('moves the decimal point two places without rounding', () => {
    expect(ratioToPercent('0.001')).toBe('0.1');
    expect(ratioToPercent('0.0000000001')).toBe('0.00000001');
    expect(ratioToPercent('0.25')).toBe('25');
    expect(ratioToPercent('0')).toBe('0');
  });

  it('turns a typed percentage back into the exact ratio', () => {
    expect(percentToRatio('0.1')).toBe('0.001');
    expect(percentToRatio(' 0.15 ')).toBe('0.0015');
    expect(percentToRatio('0.00000001')).toBe('0.0000000001');
    expect(percentToRatio('99.99999999')).toBe('0.9999999999');
    expect(percentToRatio('0')).toBe('0');
  });

  it('refuses what the API would refuse: 100 % and above, more than 10 decimals of ratio, signs, commas', () => {
    expect(percentToRatio('100')).toBeNull();
    expect(percentToRatio('0.000000001')).toBeNull();
    expect(percentToRatio('-1')).toBeNull();
    expect(percentToRatio('0,1')).toBeNull();
    expect(percentToRatio('.5')).toBeNull();
    expect(percentToRatio('')).toBeNull();
  });

  it('compares decimals by value', () => {
    expect(sameDecimal('1.50', '1.5')).toBe(true);
    expect(sameDecimal('0.01', '0.010')).toBe(true);
    expect(sameDecimal('0.01', '0.02')).toBe(false);
    expect(sameDecimal('abc', 'abc')).toBe(true);
  });
});

describe('the instrument form', () => {
  const valid = { ...instrumentFormOf(eurusd), reason: 'ESMA review' };

  it('starts from the current settings with no reason, and asks for one', () => {
    expect(instrumentFormOf(eurusd)).toEqual({
      enabled: true,
      leverageCap: 20,
      minLots: '0.01',
      maxLots: '100',
      reason: '',
    });
    expect(validateInstrumentForm(instrumentFormOf(eurusd), eurusd)).toEqual({ reason: { key: 'required' } });
    expect(validateInstrumentForm(valid, eurusd)).toEqual({});
  });

  it('keeps the leverage cap from 1 up to the class cap, whole numbers only', () => {
    const range = { key: 'leverageRange', values: { max: '30' } };
    expect(validateInstrumentForm({ ...valid, leverageCap: 31 }, eurusd).leverageCap).toEqual(range);
    expect(validateInstrumentForm({ ...valid, leverageCap: 0 }, eurusd).leverageCap).toEqual(range);
    expect(validateInstrumentForm({ ...valid, leverageCap: 2.5 }, eurusd).leverageCap).toEqual(range);
    expect(validateInstrumentForm({ ...valid, leverageCap: '' }, eurusd).leverageCap).toEqual({ key: 'required' });
    expect(validateInstrumentForm({ ...valid, leverageCap: 30 }, eurusd).leverageCap).toBeUndefined();
    expect(validateInstrumentForm({ ...valid, leverageCap: '25' }, eurusd).leverageCap).toBeUndefined();
  });

  it('wants positive decimal lots in steps of the lot step, the minimum not above the maximum', () => {
    const check = (minLots: string, maxLots: string) => validateInstrumentForm({ ...valid, minLots, maxLots }, eurusd);
    expect(check('0', '100').minLots).toEqual({ key: 'positive' });
    expect(check('0.015', '100').minLots).toEqual({ key: 'lotStep', values: { step: '0.01' } });
    expect(check('1,5', '100').minLots).toEqual({ key: 'decimal' });
    expect(check('-1', '100').minLots).toEqual({ key: 'decimal' });
    expect(check('', '100').minLots).toEqual({ key: 'required' });
    expect(check('5', '2')).toEqual({ minLots: { key: 'minAboveMax' } });
    expect(check('2', '2')).toEqual({});
    expect(check(' 0.50 ', '250')).toEqual({});
  });

  it('lists only what changes, old and new, and sends only that with the reason', () => {
    const edited = { ...valid, enabled: false, leverageCap: 10, minLots: '0.010', maxLots: '50.0' };
    expect(instrumentChanges(edited, eurusd)).toEqual([
      { field: 'enabled', before: true, after: false },
      { field: 'leverageCap', before: '20', after: '10' },
      { field: 'maxLots', before: '100', after: '50' },
    ]);
    expect(instrumentUpdateBody(edited, eurusd)).toEqual({
      enabled: false,
      leverageCap: 10,
      maxLots: '50.0',
      reason: 'ESMA review',
    });
    expect(instrumentChanges(valid, eurusd)).toEqual([]);
  });
});

describe('the fee form', () => {
  it('edits the rate as a percentage and sends the exact ratio', () => {
    const form = { ...feeFormOf({ rate: '0.001' }), reason: 'new schedule' };
    expect(form.percent).toBe('0.1');
    expect(feeChanges(form, { rate: '0.001' })).toEqual([]);
    const edited = { ...form, percent: '0.075' };
    expect(validateFeeForm(edited)).toEqual({});
    expect(feeChanges(edited, { rate: '0.001' })).toEqual([{ field: 'rate', before: '0.001', after: '0.00075' }]);
    expect(feeUpdateBody(edited)).toEqual({ rate: '0.00075', reason: 'new schedule' });
  });

  it('refuses a rate outside 0 to below 100 %', () => {
    expect(validateFeeForm({ percent: '100', reason: 'x' })).toEqual({ rate: { key: 'percent' } });
    expect(validateFeeForm({ percent: '', reason: ' ' })).toEqual({
      rate: { key: 'required' },
      reason: { key: 'required' },
    });
    expect(feeUpdateBody({ percent: 'abc', reason: 'x' })).toBeNull();
  });
});

describe('the payments form', () => {
  const valid = { ...paymentFormOf(usdt), reason: 'limits for the payments issue' };

  it('starts from the settings, an empty maximum meaning no cap and the fee as a percentage', () => {
    expect(paymentFormOf(usdt)).toEqual({
      depositMinimum: '120',
      withdrawalMinimum: '20',
      withdrawalMaximum: '',
      withdrawalFeePercent: '0.1',
      reason: '',
    });
    expect(validatePaymentForm(valid)).toEqual({});
    expect(paymentChanges(valid, usdt)).toEqual([]);
  });

  it('checks amounts and keeps the withdrawal minimum not above the maximum', () => {
    expect(validatePaymentForm({ ...valid, depositMinimum: '1e3' }).depositMinimum).toEqual({ key: 'decimal' });
    expect(validatePaymentForm({ ...valid, withdrawalMaximum: '10' })).toEqual({
      withdrawalMinimum: { key: 'minAboveMax' },
    });
    expect(validatePaymentForm({ ...valid, withdrawalMaximum: '20' })).toEqual({});
    expect(validatePaymentForm({ ...valid, withdrawalFeePercent: '150' }).withdrawalFeeRate).toEqual({
      key: 'percent',
    });
    expect(validatePaymentForm({ ...valid, depositMinimum: '0.000000000000000001' })).toEqual({});
  });

  it('sets, changes and removes the cap, and sends the fee as a ratio', () => {
    const capped = { ...valid, withdrawalMaximum: '50000', withdrawalFeePercent: '0.2' };
    expect(paymentChanges(capped, usdt)).toEqual([
      { field: 'withdrawalMaximum', before: null, after: '50000' },
      { field: 'withdrawalFeeRate', before: '0.001', after: '0.002' },
    ]);
    expect(paymentUpdateBody(capped, usdt)).toEqual({
      withdrawalMaximum: '50000',
      withdrawalFeeRate: '0.002',
      reason: 'limits for the payments issue',
    });
    const current = { ...usdt, withdrawalMaximum: '50000' };
    expect(paymentUpdateBody({ ...paymentFormOf(current), withdrawalMaximum: '', reason: 'r' }, current)).toEqual({
      withdrawalMaximum: null,
      reason: 'r',
    });
    expect(paymentChanges({ ...paymentFormOf(current), withdrawalMaximum: '50000.00', reason: 'r' }, current)).toEqual(
      [],
    );
  });
});

describe('a server refusal', () => {
  it('names the fields its issues point at', () => {
    const error = {
      code: 10100,
      data: { issues: [{ path: 'body.minLots', message: 'must be a multiple of 0.01' }, { path: 'params.code' }] },
    };
    expect(refusedFields(error)).toEqual(['minLots', 'params.code']);
    expect(refusedFields({ code: 10139, data: null })).toEqual([]);
    expect(refusedFields(new Error('network'))).toEqual([]);
  });
});
