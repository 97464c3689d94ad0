import { describe, expect, it } from 'vitest';
import { isUserId, kycKey, levelLabel, pageFromParam, reasonProblem, searchText } from './user-rules';

describe('the users area rules', () => {
  it('takes a positive whole number of at most 18 digits as a user id', () => {
    expect(['1', '42', '123456789012345678'].map(isUserId)).toEqual([true, true, true]);
    expect(['', '0', '012', '-1', '1.5', 'abc', '1234567890123456789'].map(isUserId)).toEqual(Array(7).fill(false));
  });

  it('names level 0 with the given word and the others VIP1 to VIP4', () => {
    expect([0, 1, 4].map((level) => levelLabel(level, 'Normal'))).toEqual(['Normal', 'VIP1', 'VIP4']);
  });

  it('wants a reason of 3 to 500 characters once trimmed, as the server does', () => {
    expect(reasonProblem('')).toBe('tooShort');
    expect(reasonProblem('  ab  ')).toBe('tooShort');
    expect(reasonProblem('abc')).toBeNull();
    expect(reasonProblem(`  ${'x'.repeat(500)}  `)).toBeNull();
    expect(reasonProblem('x'.repeat(501))).toBe('tooLong');
  });

  it('trims the search and keeps at most 200 characters', () => {
    expect(searchText('  carol ')).toBe('carol');
    expect(searchText('x'.repeat(250))).toHaveLength(200);
  });

  it('reads the page from the address bar, falling back to the first', () => {
    expect(['3', null, '', '0', '-2', '1.5', 'x', '100001'].map(pageFromParam)).toEqual([3, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('names the KYC statuses', () => {
    // SPEC §3: 0 not verified, 1 verified, 2 pending, 3 not passed.
    expect([0, 1, 2, 3, 9].map(kycKey)).toEqual(['none', 'verified', 'pending', 'rejected', 'unknown']);
  });
});
