import { describe, expect, it } from 'vitest';
import { toQueryString } from './client';

describe('the API client', () => {
  it('sends GET arrays as repeated keys and skips empty values', () => {
    expect(toQueryString({ marketCodes: ['btc', 'eth'], page: 2, q: undefined, x: null })).toBe(
      '?marketCodes=btc&marketCodes=eth&page=2',
    );
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ q: 'a&b' })).toBe('?q=a%26b');
  });
});
