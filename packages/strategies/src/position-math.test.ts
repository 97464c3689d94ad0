import { Decimal } from '@openbourse/money';
import { DEFAULT_STOP_OUT_LEVEL, reachesStopOut, unrealisedPnl } from '@openbourse/trading-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pnlAtUnits, pnlAtUnitsFloat64, pnlFactor, stopOutUnits } from './position-math.js';

const position = fc.record({
  side: fc.constantFrom('long' as const, 'short' as const),
  // lots as a whole number of steps of 10^-lotDecimals
  lotSteps: fc.integer({ min: 1, max: 5_000_000 }),
  lotDecimals: fc.integer({ min: 0, max: 5 }),
  contractSize: fc.constantFrom('1', '100000', '50', '0.01', '1000'),
  scale: fc.integer({ min: 0, max: 8 }),
  openUnits: fc.integer({ min: 1, max: 1e12 }),
  priceUnits: fc.integer({ min: 1, max: 1e12 }),
});

const toMinor = (value: Decimal) => value.toMinorUnits(6, 'floor');

describe('exact position figures in price units', () => {
  it('P&L equals trading-rules unrealisedPnl (USDT quote)', () => {
    fc.assert(
      fc.property(position, (p) => {
        const lots = Decimal.fromMinorUnits(BigInt(p.lotSteps), p.lotDecimals);
        const factor = pnlFactor(lots, Decimal.parse(p.contractSize), p.scale);
        const open = Decimal.fromMinorUnits(BigInt(p.openUnits), p.scale);
        const price = Decimal.fromMinorUnits(BigInt(p.priceUnits), p.scale);
        const expected = unrealisedPnl(p.side, lots, open, price, { contractSize: p.contractSize }, '1');
        expect(pnlAtUnits(p.side, p.openUnits, p.priceUnits, factor)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('the float64 P&L equals the bigint one wherever its bounds hold', () => {
    fc.assert(
      fc.property(position, (p) => {
        const lots = Decimal.fromMinorUnits(BigInt(p.lotSteps), p.lotDecimals);
        const factor = pnlFactor(lots, Decimal.parse(p.contractSize), p.scale);
        const move = Math.abs(p.priceUnits - p.openUnits);
        fc.pre(factor.num <= BigInt(Number.MAX_SAFE_INTEGER) && move * Number(factor.num) < Number.MAX_SAFE_INTEGER);
        const float = pnlAtUnitsFloat64(p.side, p.openUnits, p.priceUnits, Number(factor.num), Number(factor.den));
        expect(BigInt(float)).toBe(pnlAtUnits(p.side, p.openUnits, p.priceUnits, factor));
      }),
      { numRuns: 2000 },
    );
    // A remainder the float division would round away: 1,234,567 × 3 ÷ 10 = 370,370.1 → 370,370;
    // and a loss: −370,370.1 → −370,371.
    expect(pnlAtUnitsFloat64('long', 0, 1_234_567, 3, 10)).toBe(370_370);
    expect(pnlAtUnitsFloat64('short', 0, 1_234_567, 3, 10)).toBe(-370_371);
  });

  it('the stop-out price is the last price at which the margin level is at or below 50%', () => {
    fc.assert(
      fc.property(
        position,
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (p, available, margin) => {
          const lots = Decimal.fromMinorUnits(BigInt(p.lotSteps), p.lotDecimals);
          const factor = pnlFactor(lots, Decimal.parse(p.contractSize), p.scale);
          const at = stopOutUnits(p.side, p.openUnits, factor, available, margin, DEFAULT_STOP_OUT_LEVEL);
          // The platform's own measure: equity = available + margin + unrealised P&L.
          const stopsOut = (units: number) => {
            const pnl = unrealisedPnl(
              p.side,
              lots,
              Decimal.fromMinorUnits(BigInt(p.openUnits), p.scale),
              Decimal.fromMinorUnits(BigInt(units), p.scale),
              { contractSize: p.contractSize },
              '1',
            );
            const usdt = (minor: bigint) => Decimal.fromMinorUnits(minor, 6);
            return reachesStopOut(usdt(available + margin + pnl), usdt(margin));
          };
          const safeSide = p.side === 'long' ? at + 1 : at - 1;
          if (at >= 1 && Number.isSafeInteger(at)) expect(stopsOut(at)).toBe(true);
          if (safeSide >= 1 && Number.isSafeInteger(safeSide)) expect(stopsOut(safeSide)).toBe(false);
          // Out of reach: then even the farthest price a series can hold does not stop it out.
          if (at === Number.POSITIVE_INFINITY) expect(stopsOut(Number.MAX_SAFE_INTEGER)).toBe(false);
          // At the open the position has lost nothing: never stopped out there.
          expect(p.side === 'long' ? at < p.openUnits : at > p.openUnits).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('works the textbook case: 19.96 BTC long at 100 with 0.004 USDT free and 998 margin', () => {
    // Equity 0.004 + 998 + (P − 100) × 19.96 ≤ 499 ⇔ P ≤ 74.9997996…: the last cent is 74.99.
    const factor = pnlFactor(Decimal.parse('19.96'), Decimal.ONE, 2);
    expect(stopOutUnits('long', 10000, factor, 4000n, 998_000000n, DEFAULT_STOP_OUT_LEVEL)).toBe(7499);
    expect(toMinor(Decimal.parse('-499.1996'))).toBe(pnlAtUnits('long', 10000, 7499, factor));
  });
});
