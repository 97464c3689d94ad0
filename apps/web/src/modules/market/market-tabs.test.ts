import { describe, expect, it } from 'vitest';
import { MARKET_PAGE_TABS, marketTabParam, parseMarketTab } from './market-tabs';

describe('market tabs in the address', () => {
  it('reads ?tab=0 as the watchlist and every index as the tab in that place', () => {
    expect(parseMarketTab('0', true)).toBe('watchlist');
    expect(parseMarketTab('1', true)).toBe('1');
    expect(parseMarketTab('5', true)).toBe('5');
    expect(parseMarketTab('6', true)).toBe('movers');
    MARKET_PAGE_TABS.forEach((tab, index) => {
      expect(marketTabParam(tab)).toBe(String(index));
      expect(parseMarketTab(marketTabParam(tab), true)).toBe(tab);
    });
  });

  it('still reads the names, and refuses what is not a tab', () => {
    expect(parseMarketTab('watchlist', true)).toBe('watchlist');
    expect(parseMarketTab('movers', true)).toBe('movers');
    expect(parseMarketTab('7', true)).toBeNull();
    expect(parseMarketTab('crypto', true)).toBeNull();
    expect(parseMarketTab(null, true)).toBeNull();
  });

  it('offers neither the watchlist nor the movers where only market types are tabs (the home page)', () => {
    expect(parseMarketTab('0', false)).toBeNull();
    expect(parseMarketTab('movers', false)).toBeNull();
    expect(parseMarketTab('2', false)).toBe('2');
  });
});
