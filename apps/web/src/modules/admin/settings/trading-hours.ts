/** The shortest reason the server takes for closing or lifting (3-500 characters). */
export const REASON_MIN = 3;
const MAX_SPAN_MS = 31 * 86_400_000;

/** A `datetime-local` input's value (local wall time, to the minute) for an instant. */
export function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type ClosureProblem = 'invalidTime' | 'endBeforeStart' | 'endInPast' | 'tooLong' | 'reasonTooShort';

/**
 * What is wrong with a closure as typed, checked before it is sent (the server checks again):
 * readable times, an end after the start and in the future, at most 31 days, and a reason.
 */
export function closureWindowProblem(
  startsAt: string,
  endsAt: string,
  reason: string,
  now: number,
): ClosureProblem | null {
  const from = new Date(startsAt).getTime();
  const until = new Date(endsAt).getTime();
  if (Number.isNaN(from) || Number.isNaN(until)) return 'invalidTime';
  if (until <= from) return 'endBeforeStart';
  if (until <= now) return 'endInPast';
  if (until - from > MAX_SPAN_MS) return 'tooLong';
  if (reason.trim().length < REASON_MIN) return 'reasonTooShort';
  return null;
}
