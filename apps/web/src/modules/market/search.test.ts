import { describe, expect, it } from 'vitest';
import { searchInstruments } from './search';

const items = [
  { code: 'ETHBTC', appName: 'Ether / Bitcoin' },
  { code: 'BTCUSDT', appName: 'Bitcoin' },
  { code: 'EURUSD', appName: 'Euro / US Dollar' },
  { code: 'BTC', appName: 'Bitcoin futures' },
  { code: 'AAPL', appName: 'Apple Inc.' },
];

describe('instrument search', () => {
  it('matches code and name without regard to case, best matches first', () => {
    expect(searchInstruments(items, 'btc').map((item) => item.code)).toEqual(['BTC', 'BTCUSDT', 'ETHBTC']);
    expect(searchInstruments(items, 'BITCOIN').map((item) => item.code)).toEqual(['BTCUSDT', 'BTC', 'ETHBTC']);
    expect(searchInstruments(items, ' apple ').map((item) => item.code)).toEqual(['AAPL']);
  });

  it('finds nothing for nothing, and respects the limit', () => {
    expect(searchInstruments(items, '')).toEqual([]);
    expect(searchInstruments(items, 'zzz')).toEqual([]);
    expect(searchInstruments(items, 'u', 2)).toHaveLength(2);
  });
});
