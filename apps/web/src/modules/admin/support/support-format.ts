/**
 * The inbox's durations and small helpers (issue 20): how long a user has waited, the dashboard's
 * median first response and resolution, in the reader's locale with its own unit words.
 */

type Unit = 'day' | 'hour' | 'minute' | 'second';
const UNIT_SECONDS: ReadonlyArray<readonly [Unit, number]> = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * A duration in seconds as people say it: the two largest units that matter ("2 days 3 hr",
 * "1 hr 5 min", "4 min 10 sec", "42 sec"), a smaller unit left out when it is zero, rounded down.
 * Under a second (or a negative span from a clock ahead of the server's) reads as 0 seconds.
 */
export function formatDuration(totalSeconds: number, locale: string): string {
  const whole = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const unit = (value: number, name: Unit) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', numberingSystem: 'latn' }).format(
      value,
    );
  const firstIndex = UNIT_SECONDS.findIndex(([, size]) => whole >= size);
  if (firstIndex < 0) return unit(0, 'second');
  const [firstUnit, firstSize] = UNIT_SECONDS[firstIndex] as readonly [Unit, number];
  const first = Math.floor(whole / firstSize);
  const shown = [unit(first, firstUnit)];
  const next = UNIT_SECONDS[firstIndex + 1];
  if (next) {
    const [nextUnit, nextSize] = next;
    const rest = Math.floor((whole - first * firstSize) / nextSize);
    if (rest > 0) shown.push(unit(rest, nextUnit));
  }
  return shown.join(' ');
}

/** Seconds from an ISO instant to `now` (never negative). */
export function secondsSince(iso: string, now: number): number {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? 0 : Math.max(0, Math.floor((now - then) / 1000));
}

/**
 * Whether a typing signal may go now: at most one every `intervalMs` (the contract's 3 s), so a
 * fast typist sends one request every few seconds, not one per key.
 */
export function createTypingThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let lastSent = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - lastSent < intervalMs) return false;
    lastSent = at;
    return true;
  };
}

/** A fresh idempotency key for one message (the contract's 8–64 letters, digits, - and _). */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
