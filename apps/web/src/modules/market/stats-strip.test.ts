import { describe, expect, it } from 'vitest';
import { NEW_PLATFORM_USERS, NEW_PLATFORM_VOLUME_USDT, newPlatformFigures } from './StatsStrip';

describe('the home figures of a new platform', () => {
  it('says "new platform" below a thousand users and a hundred thousand USDT a day, the number from there on', () => {
    expect(NEW_PLATFORM_USERS).toBe(1000);
    expect(NEW_PLATFORM_VOLUME_USDT).toBe('100000');
    expect(newPlatformFigures({ registeredUsers: 1, tradedVolume24h: '0' })).toEqual({ users: true, volume: true });
    expect(newPlatformFigures({ registeredUsers: 999, tradedVolume24h: '99999.999999' })).toEqual({
      users: true,
      volume: true,
    });
    expect(newPlatformFigures({ registeredUsers: 1000, tradedVolume24h: '100000' })).toEqual({
      users: false,
      volume: false,
    });
    expect(newPlatformFigures({ registeredUsers: 25_000, tradedVolume24h: '1250000.5' })).toEqual({
      users: false,
      volume: false,
    });
  });
});
