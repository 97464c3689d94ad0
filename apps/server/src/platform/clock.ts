/** The one source of time (DESIGN.md): inject a fixed clock in tests. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date): Clock {
  return { now: () => new Date(at.getTime()) };
}
