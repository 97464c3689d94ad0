import { describe, expect, it } from 'vitest';
import { ageInYears } from './submit-identification.js';

describe('the age on the day of submission', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it('counts a year only once the birthday has come', () => {
    expect(ageInYears('2008-06-15', on('2026-06-14'))).toBe(17);
    expect(ageInYears('2008-06-15', on('2026-06-15'))).toBe(18);
    expect(ageInYears('2008-06-15', on('2026-12-31'))).toBe(18);
  });

  it('lets a 29 February birthday come on 1 March in other years', () => {
    expect(ageInYears('2008-02-29', on('2026-02-28'))).toBe(17);
    expect(ageInYears('2008-02-29', on('2026-03-01'))).toBe(18);
  });

  it('answers a negative age for a date still to come', () => {
    expect(ageInYears('2030-01-01', on('2026-06-15'))).toBeLessThan(0);
  });
});
