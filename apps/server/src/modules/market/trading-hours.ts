import type { TradingHoursKey } from './market.types.js';

/**
 * Trading hours of every schedule an instrument can have, in the exchange's own time zone,
 * with its full-day holidays. Wall time comes from `Intl.DateTimeFormat`, so daylight saving
 * follows the IANA database the runtime ships with (no date library).
 *
 * Model:
 * - `sessions` are open intervals per ISO weekday (1 = Monday … 7 = Sunday) in exchange-local
 *   wall time, 'HH:MM' from inclusive to exclusive, with '24:00' for the end of the day. A session
 *   that runs past midnight is written as one piece per local day.
 * - `holidays` are exchange-local dates (YYYY-MM-DD) on which the schedule is closed for the
 *   whole local day, 00:00–24:00.
 *
 * Simplifications, stated so nobody mistakes them for exchange rules:
 * - NYSE early closes (13:00 on the day before Independence Day, the day after Thanksgiving and
 *   Christmas Eve) are ignored: those days show the full 09:30–16:00 session.
 * - CME Globex holidays are approximated by the NYSE full-day holiday list, applied to the whole
 *   Chicago calendar day. The real CME calendar differs: on most US holidays Globex runs an
 *   abbreviated session that halts at 12:00 CT and reopens at 17:00 CT for the next trading day.
 * - Forex is closed for the New York calendar days of 25 December and 1 January; liquidity
 *   providers' real holiday hours vary.
 */

export type TradingHours = {
  /** IANA time zone of the exchange; sessions and holidays are wall time there. */
  timeZone: string;
  label: string;
  sessions: Array<{ day: number; open: string; close: string }>;
  /** YYYY-MM-DD, exchange-local: closed all day. */
  holidays: readonly string[];
};

/**
 * NYSE full-day closures, 2025–2027 (from the NYSE holiday calendar).
 * 2025-01-09 was the National Day of Mourning for President Carter, an unscheduled closure.
 * New Year's Day 2028 falls on a Saturday and NYSE does not close on Friday 2027-12-31.
 */
export const NYSE_HOLIDAYS: readonly string[] = [
  // 2025
  '2025-01-01', // New Year's Day
  '2025-01-09', // National Day of Mourning for President Jimmy Carter
  '2025-01-20', // Martin Luther King Jr. Day
  '2025-02-17', // Washington's Birthday
  '2025-04-18', // Good Friday
  '2025-05-26', // Memorial Day
  '2025-06-19', // Juneteenth
  '2025-07-04', // Independence Day
  '2025-09-01', // Labor Day
  '2025-11-27', // Thanksgiving Day
  '2025-12-25', // Christmas Day
  // 2026
  '2026-01-01', // New Year's Day
  '2026-01-19', // Martin Luther King Jr. Day
  '2026-02-16', // Washington's Birthday
  '2026-04-03', // Good Friday
  '2026-05-25', // Memorial Day
  '2026-06-19', // Juneteenth
  '2026-07-03', // Independence Day (observed; 4 July is a Saturday)
  '2026-09-07', // Labor Day
  '2026-11-26', // Thanksgiving Day
  '2026-12-25', // Christmas Day
  // 2027
  '2027-01-01', // New Year's Day
  '2027-01-18', // Martin Luther King Jr. Day
  '2027-02-15', // Washington's Birthday
  '2027-03-26', // Good Friday
  '2027-05-31', // Memorial Day
  '2027-06-18', // Juneteenth (observed; 19 June is a Saturday)
  '2027-07-05', // Independence Day (observed; 4 July is a Sunday)
  '2027-09-06', // Labor Day
  '2027-11-25', // Thanksgiving Day
  '2027-12-24', // Christmas Day (observed; 25 December is a Saturday)
];

/** Forex: 25 December and 1 January, New York dates, for a generous span of years. */
const FOREX_HOLIDAYS: readonly string[] = Array.from({ length: 2040 - 2024 + 1 }, (_, i) => 2024 + i).flatMap(
  (year) => [`${year}-01-01`, `${year}-12-25`],
);

const ALL_WEEK: TradingHours['sessions'] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '00:00', close: '24:00' }));

/** Forex: Sunday 17:00 to Friday 17:00, New York. */
const FOREX_SESSIONS: TradingHours['sessions'] = [
  { day: 7, open: '17:00', close: '24:00' },
  { day: 1, open: '00:00', close: '24:00' },
  { day: 2, open: '00:00', close: '24:00' },
  { day: 3, open: '00:00', close: '24:00' },
  { day: 4, open: '00:00', close: '24:00' },
  { day: 5, open: '00:00', close: '17:00' },
];

/** NYSE regular session: 09:30–16:00 New York, Monday to Friday. */
const NYSE_SESSIONS: TradingHours['sessions'] = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:30', close: '16:00' }));

/** CME Globex: Sunday 17:00 to Friday 16:00 Chicago, with a 16:00–17:00 break Monday to Thursday. */
const GLOBEX_SESSIONS: TradingHours['sessions'] = [
  { day: 7, open: '17:00', close: '24:00' },
  ...[1, 2, 3, 4].flatMap((day) => [
    { day, open: '00:00', close: '16:00' },
    { day, open: '17:00', close: '24:00' },
  ]),
  { day: 5, open: '00:00', close: '16:00' },
];

function globex(): TradingHours {
  return { timeZone: 'America/Chicago', label: 'CME Globex', sessions: GLOBEX_SESSIONS, holidays: NYSE_HOLIDAYS };
}

export const TRADING_HOURS: Record<TradingHoursKey, TradingHours> = {
  crypto_24_7: { timeZone: 'UTC', label: '24/7', sessions: ALL_WEEK, holidays: [] },
  forex_24_5: { timeZone: 'America/New_York', label: '24/5', sessions: FOREX_SESSIONS, holidays: FOREX_HOLIDAYS },
  us_equity: {
    timeZone: 'America/New_York',
    label: 'NYSE 09:30–16:00 ET',
    sessions: NYSE_SESSIONS,
    holidays: NYSE_HOLIDAYS,
  },
  cme_equity_index: globex(),
  cme_energy: globex(),
  cme_metals: globex(),
  cme_fx: globex(),
};

// ---------------------------------------------------------------------------------------------
// Wall time

type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

function isoWeekday(year: number, month: number, day: number): number {
  const sundayZero = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

function wallTime(timeZone: string, at: number): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? Number.NaN;
  const month = parts.month ?? Number.NaN;
  const day = parts.day ?? Number.NaN;
  // Some ICU versions print midnight as 24 even with h23.
  const hour = (parts.hour ?? Number.NaN) % 24;
  return {
    year,
    month,
    day,
    hour,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
    weekday: isoWeekday(year, month, day),
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (New York in winter: −5 h). */
function offsetAt(timeZone: string, at: number): number {
  const w = wallTime(timeZone, at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The instant a local wall time happens. A time skipped by a spring-forward gap moves forward
 * by the gap (02:30 → 03:30); a time repeated in autumn resolves to its first occurrence. No
 * session edge here falls in a gap, but the function stays correct for any zone.
 */
function instantOf(timeZone: string, year: number, month: number, day: number, minuteOfDay: number): number {
  const naive = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = naive - offsetAt(timeZone, naive);
  const second = naive - offsetAt(timeZone, first);
  if (first === second) return first;
  // Around a change the two guesses differ: prefer the one whose wall time matches.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const candidate of candidates) {
    if (candidate + offsetAt(timeZone, candidate) === naive) return candidate;
  }
  return Math.max(first, second);
}

function minutes(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`bad time ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function dateKey(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Queries

type Compiled = {
  holidays: ReadonlySet<string>;
  /** Sessions by ISO weekday (index 1–7) as [open, close) minutes of the local day. */
  byDay: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
};

const compiled = new Map<TradingHoursKey, Compiled>();

/** The schedule parsed once: holidays as a set, sessions as minute ranges per weekday. */
function compile(key: TradingHoursKey): Compiled {
  let found = compiled.get(key);
  if (!found) {
    const hours = TRADING_HOURS[key];
    const byDay: Array<Array<readonly [number, number]>> = Array.from({ length: 8 }, () => []);
    for (const session of hours.sessions) {
      byDay[session.day]?.push([minutes(session.open), minutes(session.close)]);
    }
    found = { holidays: new Set(hours.holidays), byDay };
    compiled.set(key, found);
  }
  return found;
}

/** The latest answer per schedule, with the span of instants it holds for. */
const knownState = new Map<TradingHoursKey, { from: number; until: number; open: boolean }>();
/** A remembered state is checked again at least this often, whatever nextChangeAfter said. */
const RECHECK_MS = 3_600_000;

/**
 * Whether the schedule is open at an instant (sessions are [open, close), to the minute). Asked
 * on every price read and order, so the answer is remembered until the schedule's next change
 * (at most an hour): reading the exchange's wall time through Intl costs microseconds a call.
 */
export function isOpenAt(key: TradingHoursKey, at: Date): boolean {
  const instant = at.getTime();
  const known = knownState.get(key);
  if (known && instant >= known.from && instant < known.until) return known.open;
  const open = openAtMs(key, instant);
  const next = nextChangeAfter(key, at)?.getTime() ?? Number.POSITIVE_INFINITY;
  knownState.set(key, { from: instant, until: Math.min(next, instant + RECHECK_MS), open });
  return open;
}

/**
 * Whether the schedule is open at each of `instants` (ascending), read from the schedule's
 * changes instead of asking instant by instant: a day of minutes costs a few wall-time readings
 * rather than one per minute (the sandbox's simulated past asks for 1,440 per instrument).
 */
export function openAtEach(key: TradingHoursKey, instants: readonly number[]): boolean[] {
  const flags: boolean[] = [];
  let open = false;
  let until = Number.NEGATIVE_INFINITY;
  for (const instant of instants) {
    if (instant >= until) {
      open = openAtMs(key, instant);
      // No change within the search window: the state holds for at least two weeks.
      until = nextChangeAfter(key, new Date(instant))?.getTime() ?? instant + 14 * 86_400_000;
    }
    flags.push(open);
  }
  return flags;
}

function openAtMs(key: TradingHoursKey, at: number): boolean {
  const schedule = compile(key);
  const w = wallTime(TRADING_HOURS[key].timeZone, at);
  if (schedule.holidays.has(dateKey(w.year, w.month, w.day))) return false;
  const minute = w.hour * 60 + w.minute;
  return (schedule.byDay[w.weekday] ?? []).some(([open, close]) => open <= minute && minute < close);
}

/** How far ahead nextChangeAfter looks, in exchange-local days. */
const SEARCH_DAYS = 15;

/**
 * The next instant after `at` when the schedule opens or closes, or null when it never changes
 * (24/7) within the next two weeks. Only session edges and local midnights (where holidays
 * start and end) can change the state, so those are the only instants examined.
 */
export function nextChangeAfter(key: TradingHoursKey, at: Date): Date | null {
  const hours = TRADING_HOURS[key];
  const schedule = compile(key);
  const start = at.getTime();
  const openNow = openAtMs(key, start);
  const today = wallTime(hours.timeZone, start);
  for (let offset = 0; offset <= SEARCH_DAYS; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    const weekday = isoWeekday(year, month, day);
    const edges = new Set<number>([0]);
    for (const [open, close] of schedule.byDay[weekday] ?? []) {
      edges.add(open);
      edges.add(close);
    }
    const instants = [...edges]
      .map((minute) => instantOf(hours.timeZone, year, month, day, minute))
      .filter((instant) => instant > start)
      .sort((a, b) => a - b);
    for (const instant of instants) {
      if (openAtMs(key, instant) !== openNow) return new Date(instant);
    }
  }
  return null;
}
