import { describe, expect, it } from 'vitest';
import { compareDecimals, nextSort, parseSort, sortMarketItems, topMovers } from './market-sort';

const item = (
  code: string,
  fields: Partial<{ price: string | null; zdf: string | null; volume24h: string | null }>,
) => ({
  code,
  appName: code,
  price: fields.price ?? null,
  zdf: fields.zdf ?? null,
  high24h: null,
  low24h: null,
  volume24h: fields.volume24h ?? null,
});

const codes = (list: { code: string }[]) => list.map((entry) => entry.code);

describe('market table sorting', () => {
  it('compares decimal strings exactly, signs and all', () => {
    expect(compareDecimals('10', '9.99')).toBe(1);
    expect(compareDecimals('-0.0123', '0.5')).toBe(-1);
    expect(compareDecimals('-0.2', '-0.1')).toBe(-1);
    expect(compareDecimals('0.000', '-0')).toBe(0);
    expect(compareDecimals('90000.10', '90000.1')).toBe(0);
    // Beyond a double's precision, still told apart.
    expect(compareDecimals('12345678901234567.01', '12345678901234567.02')).toBe(-1);
  });

  it('sorts by 24 h change both ways, items without a change last either way', () => {
    const items = [
      item('A', { zdf: '0.012' }),
      item('B', { zdf: null }),
      item('C', { zdf: '-0.030' }),
      item('D', { zdf: '0.1' }),
    ];
    expect(codes(sortMarketItems(items, { key: 'zdf', direction: 'desc' }))).toEqual(['D', 'A', 'C', 'B']);
    expect(codes(sortMarketItems(items, { key: 'zdf', direction: 'asc' }))).toEqual(['C', 'A', 'D', 'B']);
    expect(codes(sortMarketItems(items, null))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('sorts prices as numbers and names by the reader’s collation', () => {
    const items = [item('b', { price: '9.5' }), item('a', { price: '10' }), item('c', { price: '100.25' })];
    expect(codes(sortMarketItems(items, { key: 'price', direction: 'asc' }))).toEqual(['b', 'a', 'c']);
    expect(codes(sortMarketItems(items, { key: 'name', direction: 'asc' }))).toEqual(['a', 'b', 'c']);
    expect(codes(sortMarketItems(items, { key: 'volume', direction: 'desc' }))).toEqual(['b', 'a', 'c']);
  });

  it('starts numbers largest first, names A–Z, and flips on the same column', () => {
    expect(nextSort(null, 'zdf')).toEqual({ key: 'zdf', direction: 'desc' });
    expect(nextSort({ key: 'zdf', direction: 'desc' }, 'zdf')).toEqual({ key: 'zdf', direction: 'asc' });
    expect(nextSort({ key: 'zdf', direction: 'asc' }, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('reads the sort from the address', () => {
    expect(parseSort('zdf', 'asc')).toEqual({ key: 'zdf', direction: 'asc' });
    expect(parseSort('zdf', null)).toEqual({ key: 'zdf', direction: 'desc' });
    expect(parseSort('nope', 'asc')).toBeNull();
    expect(parseSort(null, null)).toBeNull();
  });

  it('lists the top movers by the size of the change, up or down, without those that have none', () => {
    const items = [
      item('UP1', { zdf: '0.02' }),
      item('DOWN5', { zdf: '-0.05' }),
      item('NONE', { zdf: null }),
      item('UP3', { zdf: '0.03' }),
      item('FLAT', { zdf: '0' }),
    ];
    expect(codes(topMovers(items))).toEqual(['DOWN5', 'UP3', 'UP1', 'FLAT']);
    expect(codes(topMovers(items, 2))).toEqual(['DOWN5', 'UP3']);
  });
});
