import { describe, expect, it } from 'vitest';
import { adjustableAssets, adjustmentOutcome, adjustmentProblems, directionOf, normaliseAmount } from './money-form';

describe('the balance adjustment form', () => {
  it('takes a signed decimal, drops a plus, keeps a minus, and refuses anything else', () => {
    expect(normaliseAmount('+12.5')).toBe('12.5');
    expect(normaliseAmount(' 12 ')).toBe('12');
    expect(normaliseAmount('-0.000001')).toBe('-0.000001');
    expect(normaliseAmount('\u221210')).toBe('-10');
    for (const bad of ['', '1,5', '1e3', '--1', '.5', '5.', 'abc', '1.1234567890123456789']) {
      expect({ bad, amount: normaliseAmount(bad) }).toEqual({ bad, amount: null });
    }
  });

  it('names each field that is wrong, as the server would refuse it', () => {
    const good = { book: 'live' as const, asset: 'USDT', amount: '-25', reason: 'Refund of a double fee' };
    expect(adjustmentProblems(good)).toEqual({});
    expect(adjustmentProblems({ ...good, amount: '0.000' })).toEqual({ amount: 'amountZero' });
    expect(adjustmentProblems({ ...good, amount: 'ten' })).toEqual({ amount: 'amountInvalid' });
    expect(adjustmentProblems({ ...good, reason: '  abcd  ' })).toEqual({ reason: 'reasonShort' });
    expect(adjustmentProblems({ ...good, reason: 'x'.repeat(501) })).toEqual({ reason: 'reasonLong' });
    expect(adjustmentProblems({ ...good, asset: '' })).toEqual({ asset: 'assetMissing' });
  });

  it('reads the direction from the sign', () => {
    expect(directionOf('-1')).toBe('debit');
    expect(directionOf('1')).toBe('credit');
  });

  it('offers USDT first, then each asset the user has once', () => {
    expect(adjustableAssets([{ asset: 'USDC' }, { asset: 'USDT' }, { asset: 'BTC' }, { asset: 'USDC' }])).toEqual([
      'USDT',
      'BTC',
      'USDC',
    ]);
    expect(adjustableAssets([])).toEqual(['USDT']);
  });

  it('tells a transfer made at once from an item waiting for review', () => {
    expect(adjustmentOutcome({ transferId: '9', isNew: true })).toBe('moved');
    expect(adjustmentOutcome({ id: '3', kind: 'adjustment', status: 'pending' })).toBe('queued');
  });
});
