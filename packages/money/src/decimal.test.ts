import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, DecimalDivisionByZeroError, type DecimalRounding, MoneyFormatError, rescale } from './index.js';

const d = (value: string): Decimal => Decimal.parse(value);

describe('Decimal.parse', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['+1.50', '1.5'],
    ['007.0100', '7.01'],
    ['1.10000', '1.1'],
    ['-0.00001', '-0.00001'],
    ['100000', '100000'],
    [
      '123456789012345678901234567890.123456789012345678901234567890',
      '123456789012345678901234567890.12345678901234567890123456789',
    ],
  ])('parses %s as %s', (input, canonical) => {
    expect(d(input).toString()).toBe(canonical);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '.5',
    '5.',
    '1.2.3',
    '1e3',
    '1E-3',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1_000',
    '1,5',
    '--1',
    '+-1',
    '١٢',
    'abc',
  ])('refuses %j', (input) => {
    expect(() => d(input)).toThrow(MoneyFormatError);
  });

  it('refuses what is not a string and absurdly long input', () => {
    expect(() => Decimal.parse(12 as unknown as string)).toThrow(MoneyFormatError);
    expect(() => Decimal.parse(null as unknown as string)).toThrow(MoneyFormatError);
    expect(() => d('9'.repeat(1001))).toThrow(MoneyFormatError);
    expect(d('9'.repeat(1000)).toString()).toBe('9'.repeat(1000));
  });

  it('keeps a canonical representation, so equal values have equal fields', () => {
    expect(d('1.500')).toEqual(d('1.5'));
    expect(d('-0.0')).toEqual(Decimal.ZERO);
    expect(d('2.50').scale).toBe(1);
    expect(d('2.50').coefficient).toBe(25n);
    expect(Object.isFrozen(d('1'))).toBe(true);
  });
});

describe('Decimal construction helpers', () => {
  it('builds from integers, minor units and either form', () => {
    expect(Decimal.fromInteger(30).toString()).toBe('30');
    expect(Decimal.fromInteger(-7n).toString()).toBe('-7');
    expect(() => Decimal.fromInteger(1.5)).toThrow(RangeError);
    expect(() => Decimal.fromInteger(2 ** 53)).toThrow(RangeError);
    expect(Decimal.fromMinorUnits(3_666_666_667n, 6).toString()).toBe('3666.666667');
    expect(Decimal.fromMinorUnits(-5n, 6).toString()).toBe('-0.000005');
    expect(Decimal.fromMinorUnits(120_000_000n, 6).toString()).toBe('120');
    expect(() => Decimal.fromMinorUnits(1n, -1)).toThrow(RangeError);
    expect(() => Decimal.fromMinorUnits(1n, 37)).toThrow(RangeError);
    expect(Decimal.from('1.25')).toEqual(d('1.25'));
    const same = d('3');
    expect(Decimal.from(same)).toBe(same);
  });
});

describe('Decimal arithmetic', () => {
  it('adds, subtracts and multiplies exactly', () => {
    // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004
    expect(d('0.1').add(d('0.2')).toString()).toBe('0.3');
    expect(d('1.10000').sub(d('1.10001')).toString()).toBe('-0.00001');
    expect(d('-2.5').add(d('2.5')).toString()).toBe('0');
    expect(d('1.1').mul(d('1.1')).toString()).toBe('1.21');
    expect(d('-0.5').mul(d('100000')).toString()).toBe('-50000');
    expect(d('0.00001').mul(d('100000')).toString()).toBe('1');
    expect(d('-3').mul(d('0')).toString()).toBe('0');
  });

  it('handles huge values without losing a digit', () => {
    const big = d('123456789012345678901234567890.000000000000000001');
    expect(big.add(big).toString()).toBe('246913578024691357802469135780.000000000000000002');
    expect(big.mul(big).toString()).toBe(
      '15241578753238836750495351562536198787501905200121932630124.691357802469135780000000000000000001',
    );
    const tenTo60 = d(`1${'0'.repeat(60)}`);
    expect(tenTo60.sub(d('0.000000000000000001')).toString()).toBe(`${'9'.repeat(60)}.${'9'.repeat(18)}`);
    expect(tenTo60.div(d('3'), 2, 'half-even').toString()).toBe(`${'3'.repeat(60)}.33`);
  });

  it('divides with an explicit scale and rounding', () => {
    expect(d('1').div(d('3'), 6, 'half-even').toString()).toBe('0.333333');
    expect(d('2').div(d('3'), 6, 'half-even').toString()).toBe('0.666667');
    expect(d('2').div(d('3'), 6, 'down').toString()).toBe('0.666666');
    expect(d('-2').div(d('3'), 6, 'floor').toString()).toBe('-0.666667');
    expect(d('-2').div(d('3'), 6, 'ceil').toString()).toBe('-0.666666');
    expect(d('2').div(d('-3'), 6, 'up').toString()).toBe('-0.666667');
    expect(d('-2').div(d('-3'), 6, 'down').toString()).toBe('0.666666');
    // 110000 ÷ 30 = 3666.6666…, up at 6 places → 3666.666667
    expect(d('110000').div(d('30'), 6, 'up').toString()).toBe('3666.666667');
    // divisor with more decimals than the dividend: 1 ÷ 0.0008 = 1250
    expect(d('1').div(d('0.0008'), 0, 'down').toString()).toBe('1250');
    expect(d('0.01').div(d('4'), 18, 'half-even').toString()).toBe('0.0025');
    expect(d('7').div(d('2'), 0, 'half-even').toString()).toBe('4');
    expect(d('5').div(d('2'), 0, 'half-even').toString()).toBe('2');
  });

  it('refuses division by zero and bad scales', () => {
    expect(() => d('1').div(d('0'), 6, 'half-even')).toThrow(DecimalDivisionByZeroError);
    expect(() => d('0').div(d('-0.000'), 6, 'half-even')).toThrow(RangeError);
    expect(() => d('1').div(d('3'), -1, 'half-even')).toThrow(RangeError);
    expect(() => d('1').div(d('3'), 1.5, 'half-even')).toThrow(RangeError);
    expect(() => d('1').round(Number.NaN, 'half-even')).toThrow(RangeError);
  });
});

describe('Decimal rounding', () => {
  // value, scale, floor, ceil, half-even, down, up
  const cases: Array<[string, number, string, string, string, string, string]> = [
    ['2.5', 0, '2', '3', '2', '2', '3'],
    ['3.5', 0, '3', '4', '4', '3', '4'],
    ['-2.5', 0, '-3', '-2', '-2', '-2', '-3'],
    ['-3.5', 0, '-4', '-3', '-4', '-3', '-4'],
    ['2.51', 0, '2', '3', '3', '2', '3'],
    ['-2.49', 0, '-3', '-2', '-2', '-2', '-3'],
    ['1.0000001', 6, '1', '1.000001', '1', '1', '1.000001'],
    ['-1.0000001', 6, '-1.000001', '-1', '-1', '-1', '-1.000001'],
    ['-0.0000004', 6, '-0.000001', '0', '0', '0', '-0.000001'],
    ['0.0000005', 6, '0', '0.000001', '0', '0', '0.000001'],
    ['0.0000015', 6, '0.000001', '0.000002', '0.000002', '0.000001', '0.000002'],
    ['7', 2, '7', '7', '7', '7', '7'],
  ];

  it.each(cases)('rounds %s to %i places', (value, scale, floor, ceil, halfEven, down, up) => {
    const x = d(value);
    expect(x.round(scale, 'floor').toString()).toBe(floor);
    expect(x.round(scale, 'ceil').toString()).toBe(ceil);
    expect(x.round(scale, 'half-even').toString()).toBe(halfEven);
    expect(x.round(scale, 'down').toString()).toBe(down);
    expect(x.round(scale, 'up').toString()).toBe(up);
  });

  it('never produces -0', () => {
    expect(d('-0.4').round(0, 'half-even').toString()).toBe('0');
    expect(d('-0.4').round(0, 'ceil').toString()).toBe('0');
    expect(d('-0.4').toFixed(0)).toBe('0');
    expect(d('-0.0004').toFixed(2)).toBe('0.00');
    expect(d('-0.4').round(0, 'down').isNegative()).toBe(false);
  });

  it('formats with a fixed number of places, half-even', () => {
    expect(d('1.1').toFixed(5)).toBe('1.10000');
    expect(d('1.005').toFixed(2)).toBe('1.00');
    expect(d('1.015').toFixed(2)).toBe('1.02');
    expect(d('-1.5').toFixed(0)).toBe('-2');
    expect(d('123').toFixed(0)).toBe('123');
    expect(d('0.000001').toFixed(6)).toBe('0.000001');
  });

  it('converts to and from minor units', () => {
    expect(d('3666.6666666').toMinorUnits(6, 'up')).toBe(3_666_666_667n);
    expect(d('335.5704697986').toMinorUnits(6, 'floor')).toBe(335_570_469n);
    expect(d('-335.5704697986').toMinorUnits(6, 'floor')).toBe(-335_570_470n);
    expect(d('-335.5704697986').toMinorUnits(6, 'down')).toBe(-335_570_469n);
    expect(d('120').toMinorUnits(6, 'half-even')).toBe(120_000_000n);
    expect(d('0.015').toMinorUnits(8, 'half-even')).toBe(1_500_000n);
    expect(d('1.5').toMinorUnits(0, 'half-even')).toBe(2n);
    expect(() => d('1').toMinorUnits(37, 'down')).toThrow(RangeError);
  });

  it('agrees with rescale on every mode they share', () => {
    const modes: Array<'down' | 'up' | 'half-even'> = ['down', 'up', 'half-even'];
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), (minor, to) => {
        for (const mode of modes) {
          expect(Decimal.fromMinorUnits(minor, 12).toMinorUnits(to, mode)).toBe(rescale(minor, 12, to, mode));
        }
      }),
    );
  });

  it('rounds floor ≤ value ≤ ceil, with ceil − floor at most one unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 20 }), (minor, to) => {
        const x = Decimal.fromMinorUnits(minor, 20);
        const floor = x.round(to, 'floor');
        const ceil = x.round(to, 'ceil');
        expect(floor.lte(x) && x.lte(ceil)).toBe(true);
        expect(ceil.sub(floor).lte(Decimal.fromMinorUnits(1n, to))).toBe(true);
        const modes: DecimalRounding[] = ['down', 'up', 'half-even'];
        for (const mode of modes) {
          const r = x.round(to, mode);
          expect(r.eq(floor) || r.eq(ceil)).toBe(true);
        }
      }),
    );
  });
});

describe('Decimal comparison', () => {
  it('compares by value, whatever the scale', () => {
    expect(d('1.10').cmp(d('1.1'))).toBe(0);
    expect(d('1.10').eq(d('1.1'))).toBe(true);
    expect(d('-1').lt(d('-0.5'))).toBe(true);
    expect(d('0.00001').gt(d('0'))).toBe(true);
    expect(d('2').lte(d('2.000'))).toBe(true);
    expect(d('2').gte(d('2.0001'))).toBe(false);
    expect(Decimal.compare(d('3'), d('2'))).toBe(1);
    expect([d('3'), d('-1'), d('2.5')].sort(Decimal.compare).map(String)).toEqual(['-1', '2.5', '3']);
  });

  it('knows its sign and takes min, max, neg and abs', () => {
    expect(d('0').isZero()).toBe(true);
    expect(d('-0.1').isNegative()).toBe(true);
    expect(d('0').isNegative()).toBe(false);
    expect(d('0.1').isPositive()).toBe(true);
    expect(d('-3.2').sign()).toBe(-1);
    expect(d('0').sign()).toBe(0);
    expect(d('4.00').isInteger()).toBe(true);
    expect(d('4.01').isInteger()).toBe(false);
    expect(d('-3.2').neg().toString()).toBe('3.2');
    expect(d('0').neg().toString()).toBe('0');
    expect(d('-3.2').abs().toString()).toBe('3.2');
    expect(Decimal.min(d('2'), d('-1'), d('0.5')).toString()).toBe('-1');
    expect(Decimal.max(d('2'), d('-1'), d('2.00001')).toString()).toBe('2.00001');
    expect(Decimal.max(d('7')).toString()).toBe('7');
  });

  it('tests multiples of a step', () => {
    expect(d('0.03').isMultipleOf(d('0.01'))).toBe(true);
    expect(d('0.035').isMultipleOf(d('0.01'))).toBe(false);
    expect(d('1.10001').isMultipleOf(d('0.00001'))).toBe(true);
    expect(d('150.0005').isMultipleOf(d('0.001'))).toBe(false);
    expect(d('-0.25').isMultipleOf(d('0.05'))).toBe(true);
    expect(d('10').isMultipleOf(d('2.5'))).toBe(true);
    expect(d('0').isMultipleOf(d('0.01'))).toBe(true);
    expect(d('1').isMultipleOf(d('0'))).toBe(false);
  });
});

describe('Decimal as a value', () => {
  it('serialises as its canonical string and refuses to become a number', () => {
    const price = d('1.10000');
    expect(JSON.stringify({ price })).toBe('{"price":"1.1"}');
    expect(`${price}`).toBe('1.1');
    expect(String(price)).toBe('1.1');
    // `a < b` on objects would silently compare strings ('10' < '9'); it throws instead.
    const nine = d('9') as unknown as number;
    const ten = d('10') as unknown as number;
    expect(() => ten < nine).toThrow(TypeError);
    expect(() => ten + 1).toThrow(TypeError);
  });

  it('round-trips parse ↔ toString and minor units ↔ fromMinorUnits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }),
        fc.integer({ min: 0, max: 30 }),
        (minor, places) => {
          const x = Decimal.fromMinorUnits(minor, places);
          expect(Decimal.parse(x.toString())).toEqual(x);
          expect(x.toMinorUnits(places, 'down')).toBe(minor);
          expect(Decimal.parse(x.toFixed(places)).eq(x)).toBe(true);
        },
      ),
    );
  });

  it('keeps (a ÷ b) × b within one unit of the last place of a', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.boolean(),
        (a, b, negative) => {
          const x = Decimal.fromMinorUnits(a, 6);
          const y = Decimal.fromMinorUnits(negative ? -b : b, 4);
          const q = x.div(y, 20, 'floor');
          const back = q.mul(y);
          const slack = y.abs().mul(Decimal.fromMinorUnits(1n, 20));
          expect(back.sub(x).abs().lte(slack)).toBe(true);
        },
      ),
    );
  });
});
