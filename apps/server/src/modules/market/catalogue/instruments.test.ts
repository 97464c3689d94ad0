import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AssetClass, InstrumentSeed, TradingHoursKey } from '../market.types.js';
import { DEFAULT_LEVERAGE_CAPS, INSTRUMENT_CATALOGUE, pricePrecision } from './instruments.js';

const require = createRequire(import.meta.url);
const cryptoIconsDir = path.dirname(require.resolve('cryptocurrency-icons/package.json'));
const flagIconsDir = path.dirname(require.resolve('flag-icons/package.json'));

const DECIMAL = /^\d+(\.\d+)?$/;

/** A decimal string as an integer count of 10^-scale units: exact, no floats. */
function toUnits(decimal: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (fraction.length > scale) throw new Error(`${decimal} has more than ${scale} decimals`);
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

function isMultipleOf(value: string, step: string): boolean {
  const scale = Math.max(value.split('.')[1]?.length ?? 0, step.split('.')[1]?.length ?? 0);
  const stepUnits = toUnits(step, scale);
  return stepUnits > 0n && toUnits(value, scale) % stepUnits === 0n;
}

function compare(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const diff = toUnits(a, scale) - toUnits(b, scale);
  return diff === 0n ? 0 : diff > 0n ? 1 : -1;
}

const byType = (type: InstrumentSeed['type']) => INSTRUMENT_CATALOGUE.filter((i) => i.type === type);

describe('instrument catalogue', () => {
  it('has at least 20 forex pairs, 30 cryptocurrencies, 30 stocks, 10 ETFs and 5 futures', () => {
    expect(byType(1).length).toBeGreaterThanOrEqual(20);
    expect(byType(2)).toHaveLength(30);
    expect(byType(3)).toHaveLength(30);
    expect(byType(4)).toHaveLength(10);
    expect(byType(5)).toHaveLength(5);
  });

  it('has unique codes in the contract format', () => {
    const codes = INSTRUMENT_CATALOGUE.map((i) => i.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9.]{1,20}$/);
  });

  it.each(INSTRUMENT_CATALOGUE.map((i) => [i.code, i] as const))('%s has consistent numbers', (_code, seed) => {
    for (const field of ['tickSize', 'contractSize', 'minLots', 'maxLots', 'lotStep', 'referencePrice'] as const) {
      expect(seed[field], field).toMatch(DECIMAL);
    }
    expect(compare(seed.tickSize, '0')).toBe(1);
    expect(compare(seed.referencePrice, '0')).toBe(1);
    expect(isMultipleOf(seed.referencePrice, seed.tickSize), `${seed.referencePrice} on tick ${seed.tickSize}`).toBe(
      true,
    );
    expect(isMultipleOf(seed.minLots, seed.lotStep), 'minLots on lotStep').toBe(true);
    expect(isMultipleOf(seed.maxLots, seed.lotStep), 'maxLots on lotStep').toBe(true);
    expect(compare(seed.minLots, seed.maxLots)).toBe(-1);
    expect(seed.name.trim()).not.toBe('');
    expect(seed.description.length).toBeGreaterThan(30);
    expect(seed.description.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0).length).toBeLessThanOrEqual(2);
  });

  it('uses the agreed metadata per type', () => {
    const expectedHours: Record<InstrumentSeed['type'], TradingHoursKey[]> = {
      1: ['forex_24_5'],
      2: ['crypto_24_7'],
      3: ['us_equity'],
      4: ['us_equity'],
      5: ['cme_equity_index', 'cme_energy', 'cme_metals', 'cme_fx'],
    };
    const expectedClasses: Record<InstrumentSeed['type'], AssetClass[]> = {
      1: ['forex_major', 'forex_minor'],
      2: ['crypto'],
      3: ['stock'],
      4: ['etf'],
      5: ['index_major', 'commodity', 'gold', 'forex_major'],
    };
    for (const seed of INSTRUMENT_CATALOGUE) {
      expect(expectedHours[seed.type], seed.code).toContain(seed.hours);
      expect(expectedClasses[seed.type], seed.code).toContain(seed.assetClass);
    }
    for (const pair of byType(1)) {
      expect(pair.code).toBe(`${pair.base}${pair.quote}`);
      expect(pair.tickSize).toBe(pair.quote === 'JPY' ? '0.001' : '0.00001');
      expect([pair.contractSize, pair.minLots, pair.maxLots, pair.lotStep]).toEqual(['100000', '0.01', '50', '0.01']);
      expect(pair.logo.kind).toBe('flags');
    }
    const majors = byType(1)
      .filter((p) => p.assetClass === 'forex_major')
      .map((p) => p.code);
    // ESMA: a major pair is any two of USD, EUR, JPY, GBP, CAD, CHF (30:1); the rest 20:1.
    expect(majors).toContain('EURGBP');
    expect(majors).not.toContain('AUDUSD');
    expect(majors).not.toContain('NZDUSD');
    for (const code of majors) expect(code).toMatch(/^(USD|EUR|JPY|GBP|CAD|CHF){2}$/);
    expect(byType(1).find((p) => p.code === 'AUDUSD')?.assetClass).toBe('forex_minor');
    for (const coin of byType(2)) {
      expect(coin.code).toBe(`${coin.base}USDT`);
      expect(coin.feedSymbols?.binance).toBe(coin.code);
      expect(coin.contractSize).toBe('1');
      expect(coin.logo).toEqual({ kind: 'crypto', symbol: coin.base.toLowerCase() });
    }
    for (const equity of [...byType(3), ...byType(4)]) {
      expect([equity.contractSize, equity.tickSize, equity.minLots, equity.maxLots, equity.lotStep]).toEqual([
        '1',
        '0.01',
        '1',
        '10000',
        '1',
      ]);
      expect(equity.logo).toEqual({ kind: 'monogram', text: equity.code });
    }
    const futures = Object.fromEntries(byType(5).map((f) => [f.code, f]));
    expect(futures.ES).toMatchObject({ assetClass: 'index_major', contractSize: '50', tickSize: '0.25' });
    expect(futures.NQ).toMatchObject({ assetClass: 'index_major', contractSize: '20', tickSize: '0.25' });
    expect(futures.CL).toMatchObject({ assetClass: 'commodity', contractSize: '1000', tickSize: '0.01' });
    expect(futures.GC).toMatchObject({ assetClass: 'gold', contractSize: '100', tickSize: '0.1' });
    expect(futures['6E']).toMatchObject({ assetClass: 'forex_major', contractSize: '125000', tickSize: '0.00005' });
    expect(futures.BTCUSDT).toBeUndefined();
  });

  it('has a colour crypto icon for every cryptocurrency', () => {
    for (const seed of INSTRUMENT_CATALOGUE) {
      if (seed.logo.kind !== 'crypto') continue;
      const file = path.join(cryptoIconsDir, 'svg', 'color', `${seed.logo.symbol}.svg`);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('has a flag for both currencies of every forex pair', () => {
    for (const seed of INSTRUMENT_CATALOGUE) {
      if (seed.logo.kind !== 'flags') continue;
      for (const code of [seed.logo.base, seed.logo.quote]) {
        for (const shape of ['4x3', '1x1']) {
          const file = path.join(flagIconsDir, 'flags', shape, `${code}.svg`);
          expect(existsSync(file), file).toBe(true);
        }
      }
    }
  });

  it('has the SPEC §0.7 leverage caps', () => {
    expect(DEFAULT_LEVERAGE_CAPS).toEqual({
      forex_major: 30,
      forex_minor: 20,
      gold: 20,
      index_major: 20,
      index_minor: 10,
      commodity: 10,
      stock: 5,
      etf: 5,
      crypto: 2,
    });
  });
});

describe('pricePrecision', () => {
  it('follows the SPEC §9 magnitudes when the tick is coarser', () => {
    expect(pricePrecision(0.05, '0.01')).toBe(5);
    expect(pricePrecision(0.15, '0.01')).toBe(4);
    expect(pricePrecision(0.9999, '1')).toBe(4);
    expect(pricePrecision(1, '0.01')).toBe(4);
    expect(pricePrecision(9.99, '0.01')).toBe(4);
    expect(pricePrecision(10, '0.01')).toBe(3);
    expect(pricePrecision(99.5, '0.01')).toBe(3);
    expect(pricePrecision(100, '0.01')).toBe(2);
    expect(pricePrecision(999.99, '0.01')).toBe(2);
    expect(pricePrecision(1000, '0.1')).toBe(1);
    expect(pricePrecision(6650, '0.25')).toBe(2);
    expect(pricePrecision(-12, '0.01')).toBe(3);
  });

  it('uses the tick size when it has more decimals', () => {
    expect(pricePrecision(1.158, '0.00001')).toBe(5);
    expect(pricePrecision(155, '0.001')).toBe(3);
    expect(pricePrecision(90000, '0.01')).toBe(2);
    expect(pricePrecision(1.158, '0.00005')).toBe(5);
    expect(pricePrecision(0.014, '0.000001')).toBe(6);
    expect(pricePrecision(50000, '0.010')).toBe(2);
    expect(pricePrecision(Number.NaN, '0.001')).toBe(3);
  });

  it('rejects a tick that is not a decimal string', () => {
    expect(() => pricePrecision(1, '1e-5')).toThrow();
  });
});
