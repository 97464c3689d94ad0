import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  CONVERSION_SCALE,
  convertToUsdt,
  marginLevel,
  notional,
  notionalUsdt,
  pipValue,
  quoteToUsdtRate,
  type RateSource,
  reachesStopOut,
  requiredMargin,
  stopOutPrice,
  type TradingInstrument,
  TradingMathError,
  tradeFee,
  unrealisedPnl,
  unrealisedPnlQuote,
  validateLeverage,
  validateLots,
  validateStops,
} from './index.js';

const d = (value: string): Decimal => Decimal.parse(value);
const usdt = (minor: bigint): string => Decimal.fromMinorUnits(minor, 6).toString();

// Instruments as the catalogue seeds them (market/catalogue/instruments.ts).
const EURUSD: TradingInstrument = {
  code: 'EURUSD',
  contractSize: '100000',
  tickSize: '0.00001',
  quoteCurrency: 'USD',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  leverageCap: 30,
};
const USDJPY: TradingInstrument = { ...EURUSD, code: 'USDJPY', tickSize: '0.001', quoteCurrency: 'JPY' };
const BTCUSDT: TradingInstrument = {
  code: 'BTCUSDT',
  contractSize: '1',
  tickSize: '0.01',
  quoteCurrency: 'USDT',
  lotStep: '0.00001',
  minLots: '0.0001',
  maxLots: '100',
  leverageCap: 2,
};
const AAPL: TradingInstrument = {
  code: 'AAPL',
  contractSize: '1',
  tickSize: '0.01',
  quoteCurrency: 'USD',
  lotStep: '1',
  minLots: '1',
  maxLots: '1000',
  leverageCap: 5,
};

const PRICES: Record<string, string> = {
  USDJPY: '149.000',
  GBPUSD: '1.31500',
  USDCHF: '0.80500',
  BTCUSDT: '65000.00',
  BADPRICE: 'n/a',
  USDBAD: 'n/a',
  USDZER: '0',
};
const rates: RateSource = (code) => PRICES[code] ?? null;

function errorCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TradingMathError) return error.code;
    throw error;
  }
  throw new Error('expected a TradingMathError');
}

describe('quoteToUsdtRate', () => {
  it('takes USDT as itself and USD only when the deployment says USD is USDT', () => {
    expect(quoteToUsdtRate('USDT', rates, false).toString()).toBe('1');
    expect(quoteToUsdtRate('USD', rates, true).toString()).toBe('1');
    expect(errorCode(() => quoteToUsdtRate('USD', rates, false))).toBe('NOT_TRADABLE_NOW');
  });

  it('divides by USDXXX, else multiplies by XXXUSD', () => {
    // JPY: 1 ÷ 149.000 = 0.006711409395973154362416107383|22… → 30 places, half-even
    expect(quoteToUsdtRate('JPY', rates, true).toString()).toBe('0.006711409395973154362416107383');
    expect(quoteToUsdtRate('JPY', rates, true).scale).toBeLessThanOrEqual(CONVERSION_SCALE);
    // CHF: 1 ÷ 0.80500 = 1.242236024844720496894409937888|19… → 30 places
    expect(quoteToUsdtRate('CHF', rates, true).toString()).toBe('1.242236024844720496894409937888');
    // GBP: no USDGBP, so GBPUSD itself: 1 GBP = 1.315 USD
    expect(quoteToUsdtRate('GBP', rates, true).toString()).toBe('1.315');
  });

  it('falls back to USDT pairs, and USD pairs need usdIsUsdt', () => {
    // BTC (e.g. an ETHBTC instrument): BTCUSDT's price
    expect(quoteToUsdtRate('BTC', rates, false).toString()).toBe('65000');
    // USDJPY gives yen per USD, not per USDT
    expect(errorCode(() => quoteToUsdtRate('JPY', rates, false))).toBe('NOT_TRADABLE_NOW');
  });

  it('refuses unknown currencies and broken prices', () => {
    expect(errorCode(() => quoteToUsdtRate('XAU', rates, true))).toBe('NOT_TRADABLE_NOW');
    expect(errorCode(() => quoteToUsdtRate('BAD', rates, true))).toBe('NOT_TRADABLE_NOW');
    expect(errorCode(() => quoteToUsdtRate('ZER', rates, true))).toBe('NOT_TRADABLE_NOW');
    expect(errorCode(() => quoteToUsdtRate('', rates, true))).toBe('NOT_TRADABLE_NOW');
    expect(errorCode(() => quoteToUsdtRate('US D', rates, true))).toBe('NOT_TRADABLE_NOW');
  });

  it('converts exactly and refuses a rate that is not positive', () => {
    // 50,000 × 0.006711409395973154 = 335.5704697986577, kept to 12 places: 335.570469798658.
    expect(convertToUsdt('50000', '0.006711409395973154').toString()).toBe('335.570469798658');
    expect(errorCode(() => convertToUsdt('1', '0'))).toBe('NOT_TRADABLE_NOW');
  });
});

describe('validateLots', () => {
  it.each([
    ['0.01', '0.01'],
    ['0.50', '0.5'],
    ['1', '1'],
    ['50', '50'],
    ['12.34', '12.34'],
  ])('accepts %s lots of EURUSD', (lots, parsed) => {
    const result = validateLots(lots, EURUSD);
    expect(result.ok && result.lots.toString()).toBe(parsed);
  });

  it.each([
    ['0.015', 'off_step'], // between two steps of 0.01
    ['1.001', 'off_step'],
    ['0.001', 'below_min'], // below 0.01 (and off the step too: the minimum is reported)
    ['50.01', 'above_max'],
    ['0', 'not_positive'],
    ['-1', 'not_positive'],
    ['1e2', 'not_a_number'],
    ['', 'not_a_number'],
    ['one', 'not_a_number'],
    ['NaN', 'not_a_number'],
    [' 1', 'not_a_number'],
  ])('refuses %j lots of EURUSD (%s)', (lots, reason) => {
    expect(validateLots(lots, EURUSD)).toEqual({ ok: false, code: 'PURCHASE_AMOUNT_WRONG', reason });
  });

  it('follows the instrument step: BTC in 0.00001, stocks in whole shares', () => {
    expect(validateLots('0.00011', BTCUSDT).ok).toBe(true);
    expect(validateLots('0.000115', BTCUSDT)).toMatchObject({ ok: false, reason: 'off_step' });
    expect(validateLots('10', AAPL).ok).toBe(true);
    expect(validateLots('10.5', AAPL)).toMatchObject({ ok: false, reason: 'off_step' });
  });
});

describe('leverage', () => {
  it('is a whole number from 1 to the cap', () => {
    expect(validateLeverage(1, EURUSD)).toBeNull();
    expect(validateLeverage(30, EURUSD)).toBeNull();
    for (const leverage of [0, -1, 31, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(validateLeverage(leverage, EURUSD)).toBe('LEVERAGE_INVALID');
      expect(errorCode(() => requiredMargin(d('1000'), leverage, EURUSD))).toBe('LEVERAGE_INVALID');
    }
    // crypto is capped at 2:1 (SPEC §0.7)
    expect(validateLeverage(3, BTCUSDT)).toBe('LEVERAGE_INVALID');
  });
});

describe('scenario: EURUSD long 1 lot at 1.10000, leverage 30', () => {
  it('holds 3,666.666667 USDT of margin', () => {
    // notional = 1 lot × 100,000 × 1.10000 = 110,000 USD; USD = USDT here (rate 1)
    const rate = quoteToUsdtRate('USD', rates, true);
    expect(notional('1', '1.10000', EURUSD).toString()).toBe('110000');
    const exposure = notionalUsdt('1', '1.10000', EURUSD, rate);
    expect(exposure.toString()).toBe('110000');
    // 110,000 ÷ 30 = 3,666.6666…, rounded up to the micro-USDT → 3,666.666667
    expect(usdt(requiredMargin(exposure, 30, EURUSD))).toBe('3666.666667');
    // at 1:1 the margin is the whole notional; at 1:20, 5,500 exactly
    expect(usdt(requiredMargin(exposure, 1, EURUSD))).toBe('110000');
    expect(usdt(requiredMargin(exposure, 20, EURUSD))).toBe('5500');
  });

  it('is worth 1 USDT per tick', () => {
    // pip value = tick 0.00001 × 1 lot × 100,000 = 1 USD = 1 USDT
    expect(pipValue('1', EURUSD, '1').toString()).toBe('1');
    // 0.01 lot → 0.01 USDT per tick
    expect(pipValue('0.01', EURUSD, '1').toString()).toBe('0.01');
  });

  it('gains 100 USDT for a 0.00100 rise and loses as much for a fall', () => {
    // (1.10100 − 1.10000) × 1 × 100,000 = 100 USD
    expect(usdt(unrealisedPnl('long', '1', '1.10000', '1.10100', EURUSD, '1'))).toBe('100');
    expect(usdt(unrealisedPnl('long', '1', '1.10000', '1.09900', EURUSD, '1'))).toBe('-100');
  });
});

describe('scenario: USDJPY short 0.5 lot opened 150.000, closed 149.000', () => {
  it('pays 335.570469 USDT: the exact 335.5704697… floored', () => {
    // in JPY: −(149.000 − 150.000) × 0.5 × 100,000 = +50,000 JPY
    expect(unrealisedPnlQuote('short', '0.5', '150.000', '149.000', USDJPY).toString()).toBe('50000');
    // rate = 1 ÷ 149.000 = 0.006711409395973154362… (30 places)
    // 50,000 × rate = 335.570469798657718… → 12 places → floor to 6 places → 335.570469
    const rate = quoteToUsdtRate('JPY', rates, true);
    expect(usdt(unrealisedPnl('short', '0.5', '150.000', '149.000', USDJPY, rate))).toBe('335.570469');
    // a long would have lost the same, floored away from zero: −335.5704697… → −335.570470
    expect(usdt(unrealisedPnl('long', '0.5', '150.000', '149.000', USDJPY, rate))).toBe('-335.57047');
  });

  it('floors a fractional loss toward negative infinity', () => {
    // long 1 lot 150.000 → 149.999: −0.001 × 100,000 = −100 JPY; at 149.999:
    // rate = 1 ÷ 149.999 = 0.006666711111407409 → −0.6666711111407409 USDT → floor → −0.666672
    const rate = Decimal.ONE.div(d('149.999'), CONVERSION_SCALE, 'half-even');
    expect(usdt(unrealisedPnl('long', '1', '150.000', '149.999', USDJPY, rate))).toBe('-0.666672');
  });

  it('values a yen tick at 100 JPY converted', () => {
    // tick 0.001 × 1 lot × 100,000 = 100 JPY; at 150 → 100 ÷ 150 = 0.666666666667 USDT (12 places)
    const rate = Decimal.ONE.div(d('150'), CONVERSION_SCALE, 'half-even');
    expect(pipValue('1', USDJPY, rate).toString()).toBe('0.666666666667');
  });
});

describe('scenario: BTCUSDT long 0.01 at 65,000, leverage 2, fee 0.1%', () => {
  it('holds 325 USDT and pays 0.65 USDT of fee', () => {
    // notional = 0.01 × 1 × 65,000 = 650 USDT (quoted in USDT: rate 1 whatever usdIsUsdt says)
    const rate = quoteToUsdtRate('USDT', rates, false);
    const exposure = notionalUsdt('0.01', '65000.00', BTCUSDT, rate);
    expect(exposure.toString()).toBe('650');
    // 650 ÷ 2 = 325
    expect(requiredMargin(exposure, 2, BTCUSDT)).toBe(325_000_000n);
    // 650 × 0.001 = 0.65
    expect(tradeFee(exposure, '0.001')).toBe(650_000n);
  });

  it('rounds a fee up to the next micro-USDT', () => {
    // 123.4567 × 0.001 = 0.1234567 → 0.123457; 0 notional → 0
    expect(usdt(tradeFee(d('123.4567'), '0.001'))).toBe('0.123457');
    expect(tradeFee(d('0'), '0.001')).toBe(0n);
    expect(tradeFee(d('650'), '0')).toBe(0n);
    expect(() => tradeFee(d('650'), '-0.001')).toThrow(RangeError);
    expect(() => tradeFee(d('-650'), '0.001')).toThrow(RangeError);
  });
});

describe('scenario: AAPL short 10 at 200', () => {
  it('loses when the price rises and gains when it falls', () => {
    // −(201.00 − 200.00) × 10 × 1 = −10 USD
    expect(usdt(unrealisedPnl('short', '10', '200', '201.00', AAPL, '1'))).toBe('-10');
    // −(199.99 − 200.00) × 10 = +0.1 USD
    expect(usdt(unrealisedPnl('short', '10', '200', '199.99', AAPL, '1'))).toBe('0.1');
    expect(unrealisedPnl('short', '10', '200', '200.00', AAPL, '1')).toBe(0n);
  });

  it('refuses prices and lots that are not positive', () => {
    expect(errorCode(() => unrealisedPnl('short', '10', '0', '201', AAPL, '1'))).toBe('PRICE_INVALID');
    expect(errorCode(() => notional('0', '200', AAPL))).toBe('PURCHASE_AMOUNT_WRONG');
    expect(errorCode(() => notional('10', '-200', AAPL))).toBe('PRICE_INVALID');
  });
});

describe('validateStops', () => {
  const long = (sl: string | null, tp: string | null) => validateStops('long', '1.10000', sl, tp, EURUSD);
  const short = (sl: string | null, tp: string | null) => validateStops('short', '1.10000', sl, tp, EURUSD);

  it('accepts a long with SL < price < TP and a short with TP < price < SL', () => {
    expect(long('1.09500', '1.11000')).toBeNull();
    expect(long(null, null)).toBeNull();
    expect(long('1.09999', null)).toBeNull();
    expect(long(null, '1.10001')).toBeNull();
    expect(short('1.11000', '1.09500')).toBeNull();
    expect(short(null, '1.09999')).toBeNull();
    expect(validateStops('long', d('1.1'), undefined, undefined, EURUSD)).toBeNull();
  });

  it('names the side that is wrong', () => {
    expect(long('1.10500', null)).toBe('STOP_LOSS_UNREASONABLE'); // long SL above the price
    expect(long('1.10000', null)).toBe('STOP_LOSS_UNREASONABLE'); // on the price
    expect(long(null, '1.09000')).toBe('TAKE_PROFIT_UNREASONABLE'); // long TP below the price
    expect(long(null, '1.10000')).toBe('TAKE_PROFIT_UNREASONABLE');
    expect(long('1.10500', '1.12000')).toBe('STOP_LOSS_UNREASONABLE'); // TP fine, SL above price
    expect(long('1.09000', '1.09500')).toBe('TAKE_PROFIT_UNREASONABLE'); // SL fine, TP below price
    expect(short('1.09000', null)).toBe('STOP_LOSS_UNREASONABLE'); // short SL below the price
    expect(short(null, '1.11000')).toBe('TAKE_PROFIT_UNREASONABLE'); // short TP above the price
  });

  it('reports a pair on the wrong sides of each other as a combination', () => {
    expect(long('1.12000', '1.11000')).toBe('STOP_COMBINATION_UNREASONABLE'); // TP < SL
    expect(long('1.11000', '1.11000')).toBe('STOP_COMBINATION_UNREASONABLE'); // TP = SL
    expect(long('1.09000', '1.08000')).toBe('STOP_COMBINATION_UNREASONABLE');
    expect(short('1.08000', '1.09000')).toBe('STOP_COMBINATION_UNREASONABLE'); // TP > SL
  });

  it('refuses prices that are not positive multiples of the tick', () => {
    expect(long('1.095005', null)).toBe('PRICE_INVALID'); // off the 0.00001 tick
    expect(long(null, '-1.2')).toBe('PRICE_INVALID');
    expect(long('0', null)).toBe('PRICE_INVALID');
    expect(long('abc', null)).toBe('PRICE_INVALID');
    expect(long('', null)).toBe('PRICE_INVALID');
    expect(long('1e0', null)).toBe('PRICE_INVALID');
    expect(validateStops('long', '0', '1', '2', EURUSD)).toBe('PRICE_INVALID');
    expect(validateStops('short', '149.000', '150.0005', null, USDJPY)).toBe('PRICE_INVALID');
    expect(validateStops('short', '149.000', '150.001', null, USDJPY)).toBeNull();
  });
});

describe('margin level and stop-out', () => {
  it('is equity ÷ used margin, or null with nothing used', () => {
    expect(marginLevel(d('10000'), d('3666.666667'))?.toString()).toBe('2.727272727024793388');
    expect(marginLevel(d('1833'), d('3666.666667'))?.toString()).toBe('0.499909090863644628');
    expect(marginLevel(d('-50'), d('100'))?.toString()).toBe('-0.5');
    expect(marginLevel(d('10000'), d('0'))).toBeNull();
    expect(reachesStopOut(d('50'), d('100'))).toBe(true); // exactly 50%
    expect(reachesStopOut(d('50.000001'), d('100'))).toBe(false);
    expect(reachesStopOut(d('0'), d('0'))).toBe(false);
  });

  // Account: balance 10,000 USDT, one position: EURUSD 1 lot at 1.10000, leverage 30.
  // Used margin = 3,666.666667; stop-out when equity = 0.5 × 3,666.666667 = 1,833.3333335.
  // k = 1 × 100,000 × 1 = 100,000 USDT per 1.0 of price.
  const equityWithout = d('10000');
  const used = Decimal.fromMinorUnits(requiredMargin(d('110000'), 30, EURUSD), 6);

  it('finds the price for a single long', () => {
    // p = 1.10000 + (1,833.3333335 − 10,000) ÷ 100,000 = 1.10000 − 0.081666666665 = 1.018333333335
    // → the first tick at or below it: 1.01833
    const price = stopOutPrice('long', '1.10000', '1', EURUSD, '1', equityWithout, used);
    expect(price?.toString()).toBe('1.01833');
    // at 1.01833: P&L = (1.01833 − 1.1) × 100,000 = −8,167 → equity 1,833 ≤ 1,833.3333335: stopped out
    const at = (p: string) =>
      equityWithout.add(Decimal.fromMinorUnits(unrealisedPnl('long', '1', '1.10000', p, EURUSD, '1'), 6));
    expect(reachesStopOut(at('1.01833'), used)).toBe(true);
    // one tick higher: P&L −8,166 → equity 1,834: still open
    expect(reachesStopOut(at('1.01834'), used)).toBe(false);
  });

  it('finds the price for a single short, rounded up to the tick', () => {
    // p = 1.10000 + 0.081666666665 = 1.181666666665 → first tick at or above: 1.18167
    expect(stopOutPrice('short', '1.10000', '1', EURUSD, '1', equityWithout, used)?.toString()).toBe('1.18167');
  });

  it('honours another stop-out level', () => {
    // level 1 (100%): p = 1.1 + (3,666.666667 − 10,000) ÷ 100,000 = 1.03666666667 → 1.03666
    expect(stopOutPrice('long', '1.10000', '1', EURUSD, '1', equityWithout, used, '1')?.toString()).toBe('1.03666');
  });

  it('is null when no positive price gets there', () => {
    // BTCUSDT long 0.01 at 65,000 with 1,000,000 USDT and 325 used:
    // p = 65,000 + (162.5 − 1,000,000) ÷ 0.01 < 0
    expect(stopOutPrice('long', '65000', '0.01', BTCUSDT, '1', d('1000000'), d('325'))).toBeNull();
    expect(stopOutPrice('long', '1.1', '1', EURUSD, '1', d('10000'), d('0'))).toBeNull();
  });

  it('treats a yen quote with the rate held constant', () => {
    // USDJPY long 1 lot at 150.000, rate 1/150 held constant; k = 100,000 ÷ 150 = 666.66… USDT per yen.
    // Account 5,000 USDT, used margin 1,000 → shortfall = 500 − 5,000 = −4,500
    // p = 150 − 4,500 ÷ 666.666… = 150 − 6.75 = 143.25; with the 18-place rate k is 666.6666666666667 and
    // p = 143.2500000000000003…, still 143.250 at the tick: the rate's rounding is far below a tick.
    const rate = Decimal.ONE.div(d('150'), CONVERSION_SCALE, 'half-even');
    expect(stopOutPrice('long', '150.000', '1', USDJPY, rate, d('5000'), d('1000'))?.toString()).toBe('143.25');
  });
});
