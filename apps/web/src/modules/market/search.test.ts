import { describe, expect, it } from 'vitest';
import { baseAsset, NAME_SUBSTRING_THRESHOLD, searchInstruments } from './search';

const items = [
  { code: 'ETHBTC', appName: 'Ether / Bitcoin' },
  { code: 'BTCUSDT', appName: 'Bitcoin' },
  { code: 'EURUSD', appName: 'Euro / US Dollar' },
  { code: 'BTC', appName: 'Bitcoin futures' },
  { code: 'AAPL', appName: 'Apple Inc.' },
];

// The crypto list as the catalogue names it: every name ends in "/ Tether", which contains "eth".
const tetherPairs = [
  { code: 'BTCUSDT', appName: 'Bitcoin / Tether' },
  { code: 'BNBUSDT', appName: 'BNB / Tether' },
  { code: 'SOLUSDT', appName: 'Solana / Tether' },
  { code: 'ETCUSDT', appName: 'Ethereum Classic / Tether' },
  { code: 'XRPUSDT', appName: 'XRP / Tether' },
  { code: 'ETHUSDT', appName: 'Ethereum / Tether' },
  { code: 'DOGEUSDT', appName: 'Dogecoin / Tether' },
];

const codes = (list: { code: string }[]) => list.map((item) => item.code);

describe('instrument search', () => {
  it('matches code and name without regard to case, best matches first', () => {
    expect(codes(searchInstruments(items, 'btc'))).toEqual(['BTC', 'BTCUSDT', 'ETHBTC']);
    expect(codes(searchInstruments(items, 'BITCOIN'))).toEqual(['BTCUSDT', 'BTC', 'ETHBTC']);
    expect(codes(searchInstruments(items, ' apple '))).toEqual(['AAPL']);
  });

  it('ranks ETHUSDT first for "eth" and leaves out the names that only contain it ("Tether")', () => {
    // ETHUSDT: base asset ETH exactly; ETCUSDT: a name word starting "Eth"; the rest only
    // contain "eth" inside "Tether" and stay out while better matches are enough.
    expect(codes(searchInstruments(tetherPairs, 'eth'))).toEqual(['ETHUSDT', 'ETCUSDT']);
    expect(codes(searchInstruments(tetherPairs, 'ETH'))[0]).toBe('ETHUSDT');
  });

  it('puts the exact code before the base asset, the base asset before a code prefix, and that before names', () => {
    const list = [
      { code: 'SOLANA', appName: 'Something else' },
      { code: 'SOLUSDT', appName: 'Solana / Tether' },
      { code: 'SOL', appName: 'Sol futures' },
      { code: 'XYZ', appName: 'Sol index' },
      { code: 'ABC', appName: 'The Solar fund' },
    ];
    // SOL exact; SOLUSDT base SOL; SOLANA code prefix; "Sol index" name prefix; "The Solar fund" a name word.
    expect(codes(searchInstruments(list, 'sol'))).toEqual(['SOL', 'SOLUSDT', 'SOLANA', 'XYZ', 'ABC']);
  });

  it('reads the base asset off the quote currency', () => {
    expect(baseAsset('ETHUSDT')).toBe('ETH');
    expect(baseAsset('EURUSD')).toBe('EUR');
    expect(baseAsset('ETHBTC')).toBe('ETH');
    expect(baseAsset('AAPL')).toBe('AAPL');
    expect(baseAsset('USD')).toBe('USD');
  });

  it('adds names that merely contain the query when the better matches are few', () => {
    // "ther" starts no code and no word: only substrings match, so they are shown.
    expect(codes(searchInstruments(tetherPairs, 'ther'))).toHaveLength(tetherPairs.length);
    // "coin" starts no word either: Bitcoin and Dogecoin are found inside their names.
    expect(codes(searchInstruments(tetherPairs, 'coin'))).toEqual(['BTCUSDT', 'DOGEUSDT']);
    // One good match is enough: "bnb" inside no other name changes nothing, and "bitcoin"
    // is not followed by names that merely contain it.
    expect(NAME_SUBSTRING_THRESHOLD).toBe(1);
    expect(codes(searchInstruments(tetherPairs, 'bnb'))).toEqual(['BNBUSDT']);
  });

  it('finds nothing for nothing, and respects the limit', () => {
    expect(searchInstruments(items, '')).toEqual([]);
    expect(searchInstruments(items, 'zzz')).toEqual([]);
    expect(searchInstruments(items, 'u', 2)).toHaveLength(2);
  });
});
