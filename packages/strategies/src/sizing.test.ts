import { describe, expect, it } from 'vitest';
import { type SizingInput, sizePosition } from './sizing.js';

// BTCUSDT as the catalogue has it: lots of 1 BTC, step 0.00001, 0.0001 to 100 lots, crypto cap 2.
const BTC = { contractSize: '1', lotStep: '0.00001', minLots: '0.0001', maxLots: '100', leverageCap: 2 };
const usdt = (text: string) => BigInt(text.replace('.', '')) * 10n ** BigInt(6 - (text.split('.')[1]?.length ?? 0));

const base: SizingInput = {
  equity: usdt('10000'),
  available: usdt('10000'),
  price: '50000',
  leverage: 2,
  marginShare: '0.5',
  feeRate: '0.001',
  instrument: BTC,
};

const sized = (input: Partial<SizingInput>) => {
  const result = sizePosition({ ...base, ...input });
  return result.ok
    ? { lots: result.lots.toString(), margin: result.margin, fee: result.fee, leverage: result.leverage }
    : result;
};

describe('sizePosition', () => {
  it('commits the share of equity as margin at the leverage', () => {
    // 10,000 × 0.5 = 5,000 of margin × 2 = 10,000 notional ÷ 50,000 = 0.2 BTC; fee 10,000 × 0.001 = 10.
    expect(sized({})).toEqual({ lots: '0.2', margin: usdt('5000'), fee: usdt('10'), leverage: 2 });
  });

  it('floors to the lot step', () => {
    // 10,000 ÷ 30,000 = 0.333333… → 0.33333 BTC: notional 9,999.9, margin 4,999.95, fee 9.9999.
    expect(sized({ price: '30000' })).toEqual({
      lots: '0.33333',
      margin: usdt('4999.95'),
      fee: usdt('9.9999'),
      leverage: 2,
    });
  });

  it('caps the leverage at the instrument’s cap', () => {
    expect(sized({ leverage: 10 })).toEqual(sized({ leverage: 2 }));
    // Leverage 1: 5,000 notional → 0.1 BTC, margin 5,000.
    expect(sized({ leverage: 1 })).toMatchObject({ lots: '0.1', margin: usdt('5000'), leverage: 1 });
  });

  it('takes fewer lots when margin and fee would not fit in what is available', () => {
    // Share 1: 20,000 notional would need 10,000 margin + 20 fee > 10,000. Affordable:
    // notional × (1/2 + 0.001) ≤ 10,000 → 19,960.08 → 0.3992 BTC: notional 19,960, margin 9,980,
    // fee 19.96, together 9,999.96.
    expect(sized({ marginShare: '1' })).toEqual({
      lots: '0.3992',
      margin: usdt('9980'),
      fee: usdt('19.96'),
      leverage: 2,
    });
  });

  it('caps at the instrument’s maximum lots', () => {
    expect(sized({ instrument: { ...BTC, maxLots: '0.15' } })).toMatchObject({ lots: '0.15' });
  });

  it('places no order below the minimum lots', () => {
    // 1 USDT × 0.5 × 2 = 1 notional → 0.00002 BTC < 0.0001.
    expect(sized({ equity: usdt('1'), available: usdt('1') })).toEqual({
      ok: false,
      reason: 'below-min-lots',
      leverage: 2,
    });
    expect(sized({ equity: 0n, available: 0n })).toMatchObject({ ok: false });
  });

  it('sizes forex in lots of 100,000 units', () => {
    // EURUSD at 1.1: 10,000 × 0.5 × 30 = 150,000 notional ÷ (1.1 × 100,000) = 1.3636… → 1.36 lots:
    // notional 149,600, margin 4,986.666667 (rounded up), fee 149.6.
    const eurusd = { contractSize: '100000', lotStep: '0.01', minLots: '0.01', maxLots: '50', leverageCap: 30 };
    expect(sized({ price: '1.1', leverage: 30, instrument: eurusd })).toEqual({
      lots: '1.36',
      margin: usdt('4986.666667'),
      fee: usdt('149.6'),
      leverage: 30,
    });
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => sizePosition({ ...base, marginShare: '1.5' })).toThrow(/share/);
    expect(() => sizePosition({ ...base, marginShare: '0' })).toThrow(/share/);
  });
});
