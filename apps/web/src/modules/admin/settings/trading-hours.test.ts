import { describe, expect, it } from 'vitest';
import { closureWindowProblem, localInputValue } from './trading-hours';

describe('trading-hours closure form', () => {
  const now = new Date(2026, 10, 26, 15, 0).getTime();
  const at = (hours: number) => localInputValue(new Date(now + hours * 3_600_000));

  it('writes local wall time to the minute, as a datetime-local input holds it', () => {
    expect(localInputValue(new Date(2026, 0, 5, 7, 3, 59))).toBe('2026-01-05T07:03');
  });

  it('accepts a window that ends in the future, within 31 days, with a reason', () => {
    expect(closureWindowProblem(at(-1), at(1), 'exchange outage', now)).toBeNull();
  });

  it('names each problem', () => {
    expect(closureWindowProblem('', at(1), 'outage', now)).toBe('invalidTime');
    expect(closureWindowProblem(at(2), at(1), 'outage', now)).toBe('endBeforeStart');
    expect(closureWindowProblem(at(-3), at(-1), 'outage', now)).toBe('endInPast');
    expect(closureWindowProblem(at(0), at(32 * 24), 'outage', now)).toBe('tooLong');
    expect(closureWindowProblem(at(0), at(1), ' ab ', now)).toBe('reasonTooShort');
  });
});
