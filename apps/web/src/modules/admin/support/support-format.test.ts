import { describe, expect, it } from 'vitest';
import { createTypingThrottle, formatDuration, newClientId, secondsSince } from './support-format';

describe('support durations and helpers', () => {
  it('says a duration with its two largest units, leaving out a zero second unit', () => {
    expect(formatDuration(0, 'en-US')).toBe('0 sec');
    expect(formatDuration(0.4, 'en-US')).toBe('0 sec');
    expect(formatDuration(42, 'en-US')).toBe('42 sec');
    expect(formatDuration(4 * 60 + 10, 'en-US')).toBe('4 min 10 sec');
    expect(formatDuration(5 * 60, 'en-US')).toBe('5 min');
    expect(formatDuration(3600 + 5 * 60 + 59, 'en-US')).toBe('1 hr 5 min');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 59 * 60, 'en-US')).toBe('2 days 3 hr');
    expect(formatDuration(86_400 + 30, 'en-US')).toBe('1 day');
  });

  it('reads a negative or broken span as zero, and speaks the reader’s language', () => {
    expect(formatDuration(-30, 'en-US')).toBe('0 sec');
    expect(formatDuration(Number.NaN, 'en-US')).toBe('0 sec');
    expect(formatDuration(3 * 3600 + 600, 'de')).toBe('3 Std. 10 Min.');
    expect(formatDuration(90, 'ja')).toMatch(/^1\s?分\s?30\s?秒$/);
  });

  it('counts seconds since an instant, never negative', () => {
    const now = Date.parse('2026-11-27T10:00:30.900Z');
    expect(secondsSince('2026-11-27T10:00:00.000Z', now)).toBe(30);
    expect(secondsSince('2026-11-27T10:01:00.000Z', now)).toBe(0);
    expect(secondsSince('not a date', now)).toBe(0);
  });

  it('lets a typing signal go at most every 3 seconds', () => {
    let now = 1000;
    const shouldSend = createTypingThrottle(3000, () => now);
    expect(shouldSend()).toBe(true);
    now = 2000;
    expect(shouldSend()).toBe(false);
    now = 3999;
    expect(shouldSend()).toBe(false);
    now = 4000;
    expect(shouldSend()).toBe(true);
    now = 6500;
    expect(shouldSend()).toBe(false);
  });

  it('makes a fresh client id the contract accepts for each message', () => {
    const first = newClientId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(first);
  });
});
