import {
  type TAdminOptionsExpiry,
  type TAdminOptionsProduct,
  ZListOptionsExpiryRequest,
  ZOptionsProductCreateRequest,
  ZOptionsProductUpdateRequest,
  ZSettleOptionsExpiryRequest,
} from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_OPTIONS_PRODUCT_FORM,
  listExpiryBody,
  minuteOfTime,
  type OptionsProductFormValues,
  optionsProductChanges,
  optionsProductCreateBody,
  optionsProductFieldOfIssue,
  optionsProductFormOf,
  optionsProductUpdateBody,
  orderExpiries,
  percentFieldRatio,
  settleBody,
  suggestedExpiry,
  timeOfMinute,
  utcIsoOfInput,
  validateListExpiry,
  validateOptionsProductForm,
  validateSettle,
} from './options-product-form';

const PRODUCT: TAdminOptionsProduct = {
  id: '3',
  code: 'BTCUSDT',
  asset: 'USDT',
  schedules: ['weekly', 'daily'],
  expiryMinuteOfDay: 480,
  strikeStep: '1000',
  strikesEachSide: 5,
  contractSize: '0.01',
  callCapShare: '0.2',
  spreadRate: '0.02',
  minPremium: '0.5',
  feeRate: '0.001',
  rate: '0.04',
  volatilityFloor: '0.2',
  volatilityCap: '1.5',
  volatilityWindowMinutes: 1440,
  volatilityLambda: '0.97',
  seriesReserveLimit: '50000',
  maxContractsPerOrder: 100,
  settlementWindowMinutes: 30,
  salesCutoffMinutes: 15,
  enabled: false,
  version: 4,
  sandbox: true,
  reserved: '1200.5',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

const FILLED: OptionsProductFormValues = { ...optionsProductFormOf(PRODUCT), reason: 'new product' };
const scheduleName = (schedule: string) => schedule.toUpperCase();

describe('the options product form', () => {
  it("reads a product's ratios as percentages and its expiry minute as a UTC time, schedules in their order", () => {
    expect(optionsProductFormOf(PRODUCT)).toMatchObject({
      schedules: ['daily', 'weekly'],
      expiryMinuteOfDay: '08:00',
      callCapShare: '20',
      spreadRate: '2',
      feeRate: '0.1',
      rate: '4',
      volatilityFloor: '20',
      volatilityCap: '150',
      volatilityLambda: '0.97',
      strikesEachSide: '5',
      reason: '',
    });
  });

  it('sends back exactly the ratios the product had (percent → ratio is exact) and passes the contract', () => {
    const body = optionsProductUpdateBody(FILLED, PRODUCT);
    expect(body).toEqual({
      code: 'BTCUSDT',
      schedules: ['daily', 'weekly'],
      expiryMinuteOfDay: 480,
      strikeStep: '1000',
      strikesEachSide: 5,
      contractSize: '0.01',
      callCapShare: '0.2',
      spreadRate: '0.02',
      minPremium: '0.5',
      feeRate: '0.001',
      rate: '0.04',
      volatilityFloor: '0.2',
      volatilityCap: '1.5',
      volatilityWindowMinutes: 1440,
      volatilityLambda: '0.97',
      seriesReserveLimit: '50000',
      maxContractsPerOrder: 100,
      settlementWindowMinutes: 30,
      salesCutoffMinutes: 15,
      version: 4,
      reason: 'new product',
    });
    expect(ZOptionsProductUpdateRequest.safeParse(body).success).toBe(true);
  });

  it('builds a create request the contract takes from typed values (trimmed, a negative rate, no schedule)', () => {
    const values: OptionsProductFormValues = {
      ...EMPTY_OPTIONS_PRODUCT_FORM,
      code: ' ETHUSDT ',
      expiryMinuteOfDay: '23:59',
      strikeStep: '50',
      strikesEachSide: '25',
      contractSize: '0.1',
      callCapShare: '12.5',
      spreadRate: '0.00000001',
      minPremium: '0',
      feeRate: '0',
      rate: '-0.5',
      volatilityFloor: '10',
      volatilityCap: '10',
      volatilityWindowMinutes: '30',
      volatilityLambda: '0.9999999999',
      seriesReserveLimit: '0.000000000001',
      maxContractsPerOrder: '10000',
      settlementWindowMinutes: '60',
      salesCutoffMinutes: '1',
      reason: ' listing ETH ',
    };
    expect(validateOptionsProductForm(values)).toEqual({});
    const body = optionsProductCreateBody(values);
    expect(body).toMatchObject({
      code: 'ETHUSDT',
      schedules: [],
      expiryMinuteOfDay: 1439,
      callCapShare: '0.125',
      spreadRate: '0.0000000001',
      rate: '-0.005',
      volatilityFloor: '0.1',
      volatilityCap: '0.1',
      reason: 'listing ETH',
    });
    expect(ZOptionsProductCreateRequest.safeParse(body).success).toBe(true);
  });

  it('asks for every field of an empty form, the reason among them', () => {
    const problems = validateOptionsProductForm({ ...EMPTY_OPTIONS_PRODUCT_FORM, expiryMinuteOfDay: '', rate: '' });
    expect(Object.keys(problems).sort()).toEqual(
      [
        'code',
        'expiryMinuteOfDay',
        'strikeStep',
        'strikesEachSide',
        'contractSize',
        'callCapShare',
        'spreadRate',
        'minPremium',
        'feeRate',
        'rate',
        'volatilityFloor',
        'volatilityCap',
        'volatilityWindowMinutes',
        'volatilityLambda',
        'seriesReserveLimit',
        'maxContractsPerOrder',
        'settlementWindowMinutes',
        'salesCutoffMinutes',
        'reason',
      ].sort(),
    );
    expect(Object.values(problems).every((problem) => problem?.key === 'required')).toBe(true);
  });

  it.each([
    ['code', 'X'.repeat(33), 'code'],
    ['expiryMinuteOfDay', '24:00', 'time'],
    ['strikeStep', '0', 'amountPositive'],
    ['strikeStep', '1,5', 'amountPositive'],
    ['contractSize', '0.0000000000001', 'amountPositive'],
    ['seriesReserveLimit', '0', 'amountPositive'],
    ['minPremium', '-1', 'amountFromZero'],
    ['strikesEachSide', '26', 'whole'],
    ['strikesEachSide', '0', 'whole'],
    ['strikesEachSide', '2.5', 'whole'],
    ['volatilityWindowMinutes', '29', 'whole'],
    ['volatilityWindowMinutes', '43201', 'whole'],
    ['maxContractsPerOrder', '10001', 'whole'],
    ['settlementWindowMinutes', '61', 'whole'],
    ['salesCutoffMinutes', '0', 'whole'],
    ['callCapShare', '0', 'percentPositive'],
    ['callCapShare', '100000', 'percentPositive'],
    ['callCapShare', '1.00001', 'percentPositive'],
    ['spreadRate', '100', 'percentFromZero'],
    ['feeRate', '0.000000001', 'percentFromZero'],
    ['rate', '100', 'ratePercent'],
    ['rate', '-100', 'ratePercent'],
    ['rate', '1.23456', 'ratePercent'],
    ['volatilityFloor', '0', 'percentPositive'],
    ['volatilityCap', '10000', 'percentPositive'],
    ['volatilityLambda', '1', 'lambda'],
    ['volatilityLambda', '0', 'lambda'],
    ['volatilityLambda', '97', 'lambda'],
  ] as const)('refuses %s = %j (%s), as the contract or the table would', (field, value, key) => {
    const problems = validateOptionsProductForm({ ...FILLED, [field]: value });
    expect(problems[field]?.key).toBe(key);
    expect(Object.keys(problems)).toEqual([field]);
  });

  it('takes the bounds themselves', () => {
    const values = {
      ...FILLED,
      strikesEachSide: '25',
      volatilityWindowMinutes: '43200',
      maxContractsPerOrder: '1',
      callCapShare: '99999.9999',
      spreadRate: '99.99999999',
      rate: '-99.9999',
      volatilityCap: '9999.9999',
      volatilityLambda: '0.0000000001',
    };
    expect(validateOptionsProductForm(values)).toEqual({});
    expect(ZOptionsProductCreateRequest.safeParse(optionsProductCreateBody(values)).success).toBe(true);
  });

  it('refuses a volatility cap below the floor, on the cap', () => {
    expect(validateOptionsProductForm({ ...FILLED, volatilityFloor: '50', volatilityCap: '49.9' })).toEqual({
      volatilityCap: { key: 'capBelowFloor' },
    });
  });

  it('names the decimals and the range in the percent problems', () => {
    expect(validateOptionsProductForm({ ...FILLED, feeRate: '1,5' }).feeRate).toEqual({
      key: 'percentFromZero',
      values: { max: '100', decimals: '8' },
    });
    expect(validateOptionsProductForm({ ...FILLED, strikesEachSide: '' }).strikesEachSide).toEqual({
      key: 'required',
    });
  });

  it('turns percentages into ratios exactly, never through a float', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; here 30.1% is 0.301 exactly.
    expect(percentFieldRatio('spreadRate', '30.1')).toBe('0.301');
    expect(percentFieldRatio('feeRate', '0.00000001')).toBe('0.0000000001');
    expect(percentFieldRatio('rate', '-4')).toBe('-0.04');
    expect(percentFieldRatio('rate', '-0')).toBe('0');
    expect(percentFieldRatio('callCapShare', '250')).toBe('2.5');
    expect(percentFieldRatio('volatilityCap', '1e2')).toBeNull();
  });

  it('reads and writes the UTC time of day', () => {
    expect(timeOfMinute(0)).toBe('00:00');
    expect(timeOfMinute(1439)).toBe('23:59');
    expect(minuteOfTime('08:30')).toBe(510);
    expect(minuteOfTime('8:30')).toBeNull();
  });

  it('lists every field set for a new product, and only what changed for an edit', () => {
    const created = optionsProductChanges({ ...FILLED }, null, scheduleName);
    expect(created.find((change) => change.field === 'schedules')).toEqual({
      field: 'schedules',
      before: null,
      after: 'DAILY, WEEKLY',
    });
    expect(created.find((change) => change.field === 'expiryMinuteOfDay')?.after).toBe('08:00 UTC');
    expect(created.find((change) => change.field === 'feeRate')?.after).toBe('0.1%');

    // "2.0" is the same spread as "2"; the fee and the schedules change.
    const edited = optionsProductChanges(
      { ...FILLED, spreadRate: '2.0', feeRate: '0.15', schedules: ['monthly'] },
      PRODUCT,
      scheduleName,
    );
    expect(edited).toEqual([
      { field: 'schedules', before: 'DAILY, WEEKLY', after: 'MONTHLY' },
      { field: 'feeRate', before: '0.1%', after: '0.15%' },
    ]);
    expect(optionsProductChanges(FILLED, PRODUCT, scheduleName)).toEqual([]);
  });

  it('marks the field a server refusal names', () => {
    expect(optionsProductFieldOfIssue('body.volatilityCap')).toBe('volatilityCap');
    expect(optionsProductFieldOfIssue('schedules.1')).toBe('schedules');
    expect(optionsProductFieldOfIssue('reason')).toBe('reason');
    expect(optionsProductFieldOfIssue('version')).toBeNull();
  });
});

describe('listing one expiry', () => {
  // 2026-11-27 10:07:30 UTC.
  const now = Date.UTC(2026, 10, 27, 10, 7, 30);

  it('reads the typed date-time as UTC on a whole minute', () => {
    expect(utcIsoOfInput('2026-12-04T08:00')).toBe('2026-12-04T08:00:00.000Z');
    expect(utcIsoOfInput('2026-12-04T08:00:00')).toBe('2026-12-04T08:00:00.000Z');
    expect(utcIsoOfInput('2026-12-04T08:00:30')).toBeNull();
    expect(utcIsoOfInput('2026-02-30T08:00')).toBeNull();
    expect(utcIsoOfInput('04/12/2026 08:00')).toBeNull();
  });

  it('suggests the product time of day on the first day it is after the cut-off', () => {
    expect(suggestedExpiry(now, 600, 15)).toBe('2026-11-28T10:00');
    expect(suggestedExpiry(now, 630, 15)).toBe('2026-11-27T10:30');
    // 10:22:30 is the earliest: 10:22 is too soon, so tomorrow.
    expect(suggestedExpiry(now, 622, 15)).toBe('2026-11-28T10:22');
  });

  it('refuses an expiry within the sales cut-off from now, and names the earliest', () => {
    const product = { salesCutoffMinutes: 15 };
    expect(validateListExpiry({ expiresAt: '2026-11-27T10:22', reason: 'x' }, product, now)).toEqual({
      expiresAt: { key: 'tooSoon', values: { minutes: '15', time: '2026-11-27 10:22' } },
    });
    expect(validateListExpiry({ expiresAt: '2026-11-27T10:23', reason: 'x' }, product, now)).toEqual({});
    expect(validateListExpiry({ expiresAt: '', reason: '' }, product, now)).toEqual({
      expiresAt: { key: 'required' },
      reason: { key: 'required' },
    });
    expect(validateListExpiry({ expiresAt: '2026-13-01T10:00', reason: 'x' }, product, now).expiresAt?.key).toBe(
      'dateTime',
    );
  });

  it('sends the instant in ISO 8601 UTC, as the contract takes it', () => {
    const body = listExpiryBody({ expiresAt: '2026-12-04T08:00', reason: ' one-off ' });
    expect(body).toEqual({ expiresAt: '2026-12-04T08:00:00.000Z', reason: 'one-off' });
    expect(ZListOptionsExpiryRequest.safeParse(body).success).toBe(true);
  });
});

describe('the expiries and the settlement price', () => {
  const expiry = (id: string, status: TAdminOptionsExpiry['status']): TAdminOptionsExpiry => ({
    id,
    productId: '3',
    code: 'BTCUSDT',
    asset: 'USDT',
    expiresAt: '2026-11-27T08:00:00.000Z',
    status,
    series: 22,
    openOrders: 4,
    reserved: '300',
    settlementPrice: null,
    settlementSource: null,
    awaitingReason: status === 'awaiting_operator' ? 'no price for 07:41–07:43' : null,
    settledAt: null,
  });

  it('lists those awaiting an operator first, the rest in the order the server gave', () => {
    const ordered = orderExpiries([
      expiry('9', 'listed'),
      expiry('8', 'awaiting_operator'),
      expiry('7', 'settled'),
      expiry('6', 'awaiting_operator'),
    ]);
    expect(ordered.map((item) => item.id)).toEqual(['8', '6', '9', '7']);
  });

  it('takes a price above 0 with at most 12 decimals, and the reason', () => {
    expect(validateSettle({ price: '', reason: '' })).toEqual({
      price: { key: 'required' },
      reason: { key: 'required' },
    });
    expect(validateSettle({ price: '0', reason: 'feed gap' }).price?.key).toBe('price');
    expect(validateSettle({ price: '95000,5', reason: 'feed gap' }).price?.key).toBe('price');
    expect(validateSettle({ price: '1.0000000000001', reason: 'feed gap' }).price?.key).toBe('price');
    expect(validateSettle({ price: '95000.5', reason: 'feed gap' })).toEqual({});
  });

  it('sends the price in its canonical form', () => {
    const body = settleBody({ price: '095000.50', reason: ' Binance close ' });
    expect(body).toEqual({ price: '95000.5', reason: 'Binance close' });
    expect(ZSettleOptionsExpiryRequest.safeParse(body).success).toBe(true);
    expect(settleBody({ price: 'x', reason: 'y' })).toBeNull();
  });
});
