import { describe, expect, it } from 'vitest';
import { isMobileUserAgent, rootFontSizePx } from './device';

describe('device rules', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8)', true],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', false],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', false],
  ])('%s is mobile: %s', (userAgent, expected) => {
    expect(isMobileUserAgent(userAgent)).toBe(expected);
  });

  it('scales the root font size with the design width and caps it at 100px', () => {
    expect(rootFontSizePx(1920, false)).toBe(100);
    expect(rootFontSizePx(960, false)).toBe(50);
    expect(rootFontSizePx(3840, false)).toBe(100);
    expect(rootFontSizePx(375, true)).toBe(50);
    expect(rootFontSizePx(1500, true)).toBe(100);
  });
});
