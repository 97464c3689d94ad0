import { describe, expect, it } from 'vitest';
import type { TradingHoursKey } from './market.types.js';
import { isOpenAt, NYSE_HOLIDAYS, nextChangeAfter, openAtEach, TRADING_HOURS } from './trading-hours.js';

const utc = (iso: string) => new Date(`${iso}Z`);
const KEYS = Object.keys(TRADING_HOURS) as TradingHoursKey[];
const CME_KEYS: TradingHoursKey[] = ['cme_equity_index', 'cme_energy', 'cme_metals', 'cme_fx'];

describe('schedule data', () => {
  it('has a valid zone, sessions and holidays for every key', () => {
    for (const key of KEYS) {
      const hours = TRADING_HOURS[key];
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: hours.timeZone })).not.toThrow();
      for (const s of hours.sessions) {
        expect(s.day, key).toBeGreaterThanOrEqual(1);
        expect(s.day, key).toBeLessThanOrEqual(7);
        expect(s.open, key).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(s.close, key).toMatch(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);
        expect(s.open < s.close, `${key} ${s.open}-${s.close}`).toBe(true);
      }
      for (const date of hours.holidays) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('lists NYSE holidays on weekdays only, 10 or more per year for 2025–2027', () => {
    for (const date of NYSE_HOLIDAYS) {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      expect(weekday, date).not.toBe(0);
      expect(weekday, date).not.toBe(6);
    }
    for (const year of ['2025', '2026', '2027']) {
      expect(NYSE_HOLIDAYS.filter((d) => d.startsWith(year)).length).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('crypto_24_7', () => {
  it('is always open and never changes', () => {
    for (const iso of ['2026-01-01T00:00:00', '2026-03-08T07:00:00', '2026-12-25T12:34:56', '2026-11-21T23:59:59']) {
      expect(isOpenAt('crypto_24_7', utc(iso))).toBe(true);
      expect(nextChangeAfter('crypto_24_7', utc(iso))).toBeNull();
    }
  });
});

describe('forex_24_5', () => {
  it('is closed on Saturday and open on Monday', () => {
    expect(isOpenAt('forex_24_5', utc('2026-11-21T12:00:00'))).toBe(false); // Saturday
    expect(isOpenAt('forex_24_5', utc('2026-11-22T12:00:00'))).toBe(false); // Sunday morning
    expect(isOpenAt('forex_24_5', utc('2026-11-23T10:00:00'))).toBe(true); // Monday
    expect(isOpenAt('forex_24_5', utc('2026-11-25T03:00:00'))).toBe(true); // Wednesday night
  });

  it('opens at Sunday 17:00 New York in winter (22:00 UTC) and summer (21:00 UTC)', () => {
    // Winter, EST (UTC−5)
    expect(isOpenAt('forex_24_5', utc('2026-01-11T21:59:00'))).toBe(false);
    expect(isOpenAt('forex_24_5', utc('2026-01-11T22:00:00'))).toBe(true);
    // Summer, EDT (UTC−4)
    expect(isOpenAt('forex_24_5', utc('2026-07-12T20:59:00'))).toBe(false);
    expect(isOpenAt('forex_24_5', utc('2026-07-12T21:00:00'))).toBe(true);
  });

  it('closes at Friday 17:00 New York', () => {
    expect(isOpenAt('forex_24_5', utc('2026-01-16T21:59:00'))).toBe(true);
    expect(isOpenAt('forex_24_5', utc('2026-01-16T22:00:00'))).toBe(false);
    expect(isOpenAt('forex_24_5', utc('2026-07-17T20:59:59'))).toBe(true);
    expect(isOpenAt('forex_24_5', utc('2026-07-17T21:00:00'))).toBe(false);
  });

  it('is closed on 25 December and 1 January (New York dates)', () => {
    expect(isOpenAt('forex_24_5', utc('2026-12-25T15:00:00'))).toBe(false);
    expect(isOpenAt('forex_24_5', utc('2026-12-24T15:00:00'))).toBe(true);
    expect(isOpenAt('forex_24_5', utc('2027-01-01T15:00:00'))).toBe(false);
    // 05:00 UTC on 1 January is still 31 December in New York.
    expect(isOpenAt('forex_24_5', utc('2027-01-01T04:59:00'))).toBe(true);
    expect(isOpenAt('forex_24_5', utc('2027-01-01T05:00:00'))).toBe(false);
  });

  it('opens on Sunday 2026-03-08, the day clocks spring forward, at 21:00 UTC', () => {
    expect(isOpenAt('forex_24_5', utc('2026-03-08T20:59:00'))).toBe(false);
    expect(isOpenAt('forex_24_5', utc('2026-03-08T21:00:00'))).toBe(true);
    expect(nextChangeAfter('forex_24_5', utc('2026-03-07T12:00:00'))).toEqual(utc('2026-03-08T21:00:00'));
  });

  it('opens on Sunday 2026-11-01, the day clocks fall back, at 22:00 UTC', () => {
    expect(isOpenAt('forex_24_5', utc('2026-11-01T21:00:00'))).toBe(false);
    expect(isOpenAt('forex_24_5', utc('2026-11-01T22:00:00'))).toBe(true);
    expect(nextChangeAfter('forex_24_5', utc('2026-10-31T12:00:00'))).toEqual(utc('2026-11-01T22:00:00'));
  });

  it('finds the next open and close', () => {
    expect(nextChangeAfter('forex_24_5', utc('2026-11-23T10:00:00'))).toEqual(utc('2026-11-27T22:00:00'));
    expect(nextChangeAfter('forex_24_5', utc('2026-11-28T10:00:00'))).toEqual(utc('2026-11-29T22:00:00'));
    // Christmas 2026 is a Friday: the week closes at Thursday 24:00 New York = 05:00 UTC Friday.
    expect(nextChangeAfter('forex_24_5', utc('2026-12-24T12:00:00'))).toEqual(utc('2026-12-25T05:00:00'));
    expect(nextChangeAfter('forex_24_5', utc('2026-12-25T12:00:00'))).toEqual(utc('2026-12-27T22:00:00'));
  });
});

describe('us_equity', () => {
  it('opens at 09:30 New York: 14:30 UTC in winter, 13:30 UTC in summer', () => {
    expect(isOpenAt('us_equity', utc('2026-01-14T14:29:00'))).toBe(false);
    expect(isOpenAt('us_equity', utc('2026-01-14T14:30:00'))).toBe(true);
    expect(isOpenAt('us_equity', utc('2026-01-14T20:59:59'))).toBe(true);
    expect(isOpenAt('us_equity', utc('2026-01-14T21:00:00'))).toBe(false);
    expect(isOpenAt('us_equity', utc('2026-07-15T13:29:00'))).toBe(false);
    expect(isOpenAt('us_equity', utc('2026-07-15T13:30:00'))).toBe(true);
    expect(isOpenAt('us_equity', utc('2026-07-15T20:00:00'))).toBe(false);
  });

  it('is closed at weekends', () => {
    expect(isOpenAt('us_equity', utc('2026-11-21T15:00:00'))).toBe(false);
    expect(isOpenAt('us_equity', utc('2026-11-22T15:00:00'))).toBe(false);
  });

  it('is closed on Thanksgiving 2026 and Good Friday 2026', () => {
    expect(isOpenAt('us_equity', utc('2026-11-25T15:00:00'))).toBe(true);
    expect(isOpenAt('us_equity', utc('2026-11-26T15:00:00'))).toBe(false);
    expect(isOpenAt('us_equity', utc('2026-11-27T15:00:00'))).toBe(true);
    expect(isOpenAt('us_equity', utc('2026-04-02T15:00:00'))).toBe(true);
    expect(isOpenAt('us_equity', utc('2026-04-03T15:00:00'))).toBe(false);
  });

  it('uses the right offset on the Monday after each 2026 clock change', () => {
    // 2026-03-08 spring forward: Monday 9 March opens 13:30 UTC.
    expect(isOpenAt('us_equity', utc('2026-03-09T13:30:00'))).toBe(true);
    expect(nextChangeAfter('us_equity', utc('2026-03-06T22:00:00'))).toEqual(utc('2026-03-09T13:30:00'));
    // 2026-11-01 fall back: Monday 2 November opens 14:30 UTC.
    expect(isOpenAt('us_equity', utc('2026-11-02T13:30:00'))).toBe(false);
    expect(nextChangeAfter('us_equity', utc('2026-10-30T21:00:00'))).toEqual(utc('2026-11-02T14:30:00'));
  });

  it('skips holidays when looking for the next open', () => {
    // Wednesday close, then Thanksgiving Thursday: next open is Friday 09:30 New York.
    expect(nextChangeAfter('us_equity', utc('2026-11-25T18:00:00'))).toEqual(utc('2026-11-25T21:00:00'));
    expect(nextChangeAfter('us_equity', utc('2026-11-25T21:00:00'))).toEqual(utc('2026-11-27T14:30:00'));
    // Good Friday 2026 and the weekend: next open is Monday 6 April, 09:30 EDT.
    expect(nextChangeAfter('us_equity', utc('2026-04-02T20:00:00'))).toEqual(utc('2026-04-06T13:30:00'));
    // Christmas 2027 observed on Friday 24 December.
    expect(nextChangeAfter('us_equity', utc('2027-12-23T21:00:00'))).toEqual(utc('2027-12-27T14:30:00'));
  });
});

describe('CME Globex', () => {
  it.each(CME_KEYS)('%s has the daily 16:00–17:00 Chicago break', (key) => {
    // Winter: Chicago is UTC−6; the break is 22:00–23:00 UTC.
    expect(isOpenAt(key, utc('2026-01-13T21:59:00'))).toBe(true);
    expect(isOpenAt(key, utc('2026-01-13T22:00:00'))).toBe(false);
    expect(isOpenAt(key, utc('2026-01-13T22:59:00'))).toBe(false);
    expect(isOpenAt(key, utc('2026-01-13T23:00:00'))).toBe(true);
    // Summer: Chicago is UTC−5; the break is 21:00–22:00 UTC.
    expect(isOpenAt(key, utc('2026-07-14T21:30:00'))).toBe(false);
    expect(isOpenAt(key, utc('2026-07-14T22:00:00'))).toBe(true);
    expect(nextChangeAfter(key, utc('2026-07-14T18:00:00'))).toEqual(utc('2026-07-14T21:00:00'));
    expect(nextChangeAfter(key, utc('2026-07-14T21:00:00'))).toEqual(utc('2026-07-14T22:00:00'));
  });

  it('runs from Sunday 17:00 to Friday 16:00 Chicago', () => {
    expect(isOpenAt('cme_equity_index', utc('2026-01-16T21:59:00'))).toBe(true);
    expect(isOpenAt('cme_equity_index', utc('2026-01-16T22:00:00'))).toBe(false);
    expect(isOpenAt('cme_equity_index', utc('2026-01-16T23:30:00'))).toBe(false); // no Friday evening session
    expect(isOpenAt('cme_equity_index', utc('2026-01-17T12:00:00'))).toBe(false);
    expect(isOpenAt('cme_equity_index', utc('2026-01-18T22:59:00'))).toBe(false);
    expect(isOpenAt('cme_equity_index', utc('2026-01-18T23:00:00'))).toBe(true);
    expect(nextChangeAfter('cme_energy', utc('2026-01-16T22:00:00'))).toEqual(utc('2026-01-18T23:00:00'));
  });

  it('opens at 17:00 Chicago on the clock-change Sundays', () => {
    expect(nextChangeAfter('cme_metals', utc('2026-03-07T12:00:00'))).toEqual(utc('2026-03-08T22:00:00'));
    expect(nextChangeAfter('cme_metals', utc('2026-10-31T12:00:00'))).toEqual(utc('2026-11-01T23:00:00'));
  });

  it('is closed on the NYSE holidays used as the approximation', () => {
    expect(isOpenAt('cme_fx', utc('2026-11-26T15:00:00'))).toBe(false);
    // Thanksgiving 2026: Wednesday's evening session runs to Chicago midnight, then closed.
    expect(nextChangeAfter('cme_fx', utc('2026-11-25T23:30:00'))).toEqual(utc('2026-11-26T06:00:00'));
    expect(nextChangeAfter('cme_fx', utc('2026-11-26T06:00:00'))).toEqual(utc('2026-11-27T06:00:00'));
  });
});

describe('nextChangeAfter', () => {
  it('returns a later instant whose state differs, and nothing changes before it', () => {
    const probes = ['2026-01-01T00:00:00', '2026-03-08T06:30:00', '2026-06-19T14:00:00', '2026-11-01T05:30:00'];
    for (const key of KEYS) {
      if (key === 'crypto_24_7') continue;
      for (const iso of probes) {
        const at = utc(iso);
        const next = nextChangeAfter(key, at);
        expect(next, `${key} ${iso}`).not.toBeNull();
        if (!next) continue;
        expect(next.getTime()).toBeGreaterThan(at.getTime());
        expect(next.getTime() % 60_000).toBe(0);
        expect(isOpenAt(key, next)).not.toBe(isOpenAt(key, at));
        // Sampled every 15 minutes before it: the state does not change earlier.
        for (let t = at.getTime(); t < next.getTime(); t += 15 * 60_000) {
          expect(isOpenAt(key, new Date(t)), `${key} ${new Date(t).toISOString()}`).toBe(isOpenAt(key, at));
        }
        expect(isOpenAt(key, new Date(next.getTime() - 1))).toBe(isOpenAt(key, at));
      }
    }
  });

  it('is strictly after the given instant even at an edge', () => {
    const open = utc('2026-01-14T14:30:00');
    expect(nextChangeAfter('us_equity', open)).toEqual(utc('2026-01-14T21:00:00'));
  });
});

describe('isOpenAt remembers its answer until the next change', () => {
  it('answers alike whether asked forwards (from memory) or backwards (computed afresh each time)', () => {
    // Every 53 minutes over 30 days spanning the autumn clock change and Thanksgiving 2026.
    const start = utc('2026-10-28T00:03:00').getTime();
    const instants = Array.from({ length: Math.floor((30 * 24 * 60) / 53) }, (_, index) => start + index * 53 * 60_000);
    for (const key of KEYS) {
      const forwards = instants.map((instant) => isOpenAt(key, new Date(instant)));
      // Asking an earlier instant than the remembered one computes it again.
      const backwards = [...instants].reverse().map((instant) => isOpenAt(key, new Date(instant)));
      expect(backwards.reverse(), key).toEqual(forwards);
      if (key !== 'crypto_24_7') expect(new Set(forwards).size, `${key} opens and closes in 30 days`).toBe(2);
    }
  });
});

describe('openAtEach', () => {
  it('answers for every minute of a week as isOpenAt does, instant by instant', () => {
    // Each minute of the week around the autumn clock change and of Thanksgiving week 2026.
    for (const from of ['2026-10-29T00:00:00', '2026-11-23T00:00:00']) {
      const start = utc(from).getTime();
      const instants = Array.from({ length: 7 * 24 * 60 }, (_, index) => start + index * 60_000);
      for (const key of KEYS) {
        const expected = instants.map((instant) => isOpenAt(key, new Date(instant)));
        expect(openAtEach(key, instants), `${key} from ${from}`).toEqual(expected);
      }
    }
  });
});
