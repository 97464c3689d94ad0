/** The one source of time (DESIGN.md): inject a fixed clock in tests. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date): Clock {
  return { now: () => new Date(at.getTime()) };
}

/**
 * A clock that runs with `base` plus an offset a test moves forward (never back): what the
 * browser journeys use to see a savings order earn over days in seconds (`TEST_CLOCK`, test
 * deployments only). Time never runs backwards, so a job that already acted on a later time sees
 * nothing undone.
 */
export type MovableClock = Clock & {
  /** Moves the clock `ms` milliseconds forward (ms > 0) and answers the new time. */
  advance(ms: number): Date;
  /** How far ahead of `base` it runs. */
  offsetMs(): number;
};

export function createMovableClock(base: Clock): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms: number) => {
      if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError(`a clock moves forward only, by whole ms: ${ms}`);
      offset += ms;
      return new Date(base.now().getTime() + offset);
    },
    offsetMs: () => offset,
  };
}
