import { MAX_WATCHLIST } from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import { toggledWatchlist } from './watchlist';

describe('the device watchlist', () => {
  it('adds at the end and removes in place', () => {
    expect(toggledWatchlist(['A', 'B'], 'C')).toEqual(['A', 'B', 'C']);
    expect(toggledWatchlist(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
  });

  it('refuses a code beyond the limit but still removes', () => {
    const full = Array.from({ length: MAX_WATCHLIST }, (_, index) => `C${index}`);
    expect(toggledWatchlist(full, 'NEW')).toBeNull();
    expect(toggledWatchlist(full, 'C0')).toHaveLength(MAX_WATCHLIST - 1);
  });
});
