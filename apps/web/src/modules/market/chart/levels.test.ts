import { describe, expect, it } from 'vitest';
import { snapToTick } from './levels';

describe('snapToTick', () => {
  it('rounds a price read off the chart to the nearest tick, as an exact decimal', () => {
    expect(snapToTick(13.4567, '0.001')).toBe('13.457');
    expect(snapToTick(13.4564, '0.001')).toBe('13.456');
    // 0.1 + 0.2 is 0.30000000000000004 as a number; the level is exactly 0.3.
    expect(snapToTick(0.1 + 0.2, '0.1')).toBe('0.3');
    expect(snapToTick(101.26, '0.5')).toBe('101.5');
    expect(snapToTick(64_123.4, '1')).toBe('64123');
  });

  it('proposes nothing below one tick or for no price', () => {
    expect(snapToTick(0.0004, '0.001')).toBeNull();
    expect(snapToTick(-5, '0.01')).toBeNull();
    expect(snapToTick(null, '0.01')).toBeNull();
    expect(snapToTick(Number.NaN, '0.01')).toBeNull();
  });
});
