import { describe, expect, it } from 'vitest';
import type { SessionWithUser } from './identity.repository.js';
import { createSessionCache } from './session-cache.js';

const session = (userId: string) => ({ sessionId: `s-${userId}`, userId }) as unknown as SessionWithUser;

describe('the session cache', () => {
  it('serves an entry until its time is up', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 5000, maxEntries: 10, now: () => now });
    cache.set('a', session('1'));
    now = 5000;
    expect(cache.get('a')?.userId).toBe('1');
    now = 5001;
    expect(cache.get('a')).toBeNull();
  });

  it('forgets every entry of a user at once (logout, password change)', () => {
    const cache = createSessionCache({ ttlMs: 5000, maxEntries: 10, now: () => 0 });
    cache.set('a', session('1'));
    cache.set('b', session('1'));
    cache.set('c', session('2'));
    cache.forgetUser('1');
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')?.userId).toBe('2');
  });

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache({ ttlMs: 5000, maxEntries: 2, now: () => 0 });
    cache.set('a', session('1'));
    cache.set('b', session('2'));
    cache.set('c', session('3'));
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')?.userId).toBe('3');
  });
});
