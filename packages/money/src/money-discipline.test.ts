import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Keeps `number` arithmetic away from money (issue 4, DESIGN.md "Money"): amounts are bigint
 * minor units inside and decimal strings on the wire. This scans the source for the usual
 * ways a float sneaks in and fails with the places it finds.
 */
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'packages/money/src'];
const MONEY_WORD = '(amount|balance|fee|profit|pnl|margin|equity|principal|interest|payout|premium)';
// A count of days named after money ("interestFreeDays", "interest_free_days") is a number.
const NOT_DAYS = '(?!\\w*days\\b)';
const RULES: Array<{ name: string; pattern: RegExp }> = [
  {
    name: 'a money value typed as number',
    pattern: new RegExp(`\\b\\w*${MONEY_WORD}${NOT_DAYS}\\w*\\??\\s*:\\s*number\\b`, 'i'),
  },
  { name: 'a money value read with parseFloat', pattern: new RegExp(`parseFloat\\([^)]*${MONEY_WORD}`, 'i') },
  { name: 'a money value turned into a number', pattern: new RegExp(`Number\\([^)]*${MONEY_WORD}${NOT_DAYS}`, 'i') },
  { name: 'a money value rounded with toFixed', pattern: new RegExp(`${MONEY_WORD}\\w*\\)?\\.toFixed\\(`, 'i') },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' || entry === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('money-discipline.test.ts') ? [full] : [];
  });
}

describe('money discipline', () => {
  it.each(RULES)('finds no $name in the source', ({ pattern }) => {
    const offenders: string[] = [];
    for (const root of ROOTS) {
      for (const file of sourceFiles(path.join(repo, root))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (pattern.test(line)) offenders.push(`${path.relative(repo, file)}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });

  it('catches a float amount when one is written', () => {
    const [typed, parsed] = RULES;
    expect(typed?.pattern.test('const amount: number = 1.5;')).toBe(true);
    expect(parsed?.pattern.test('parseFloat(body.amount)')).toBe(true);
    const turned = RULES[2];
    expect(turned?.pattern.test('Number(values.interest)')).toBe(true);
    expect(typed?.pattern.test('accruedInterest: number;')).toBe(true);
  });

  it('leaves a count of days named after money alone', () => {
    const [typed, , turned] = RULES;
    expect(typed?.pattern.test('interestFreeDays: number;')).toBe(false);
    expect(typed?.pattern.test('interest_free_days: number;')).toBe(false);
    expect(turned?.pattern.test('Number(values.interestFreeDays.trim())')).toBe(false);
  });
});
