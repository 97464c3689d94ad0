import { describe, expect, it } from 'vitest';
import { backtestCommand } from './backtest-command.js';

/** A one-minute file: a rise, a fall and a rise again, 600 minutes each (crosses for a 5/20 average). */
function file(): string {
  const rows = ['timestamp,open,high,low,close,volume'];
  let price = 1000;
  for (let i = 0; i < 1800; i++) {
    const step = Math.floor(i / 600) === 1 ? -1 : 1;
    const open = price;
    price += step;
    const time = new Date(Date.UTC(2021, 3, 21) + i * 60_000).toISOString().replace('.000Z', 'Z');
    rows.push(`${time},${open},${Math.max(open, price) + 0.5},${Math.min(open, price) - 0.5},${price},`);
  }
  return `${rows.join('\n')}\n`;
}

function run(args: string[], files: Record<string, string> = { 'bars.csv': file() }) {
  let out = '';
  let err = '';
  const code = backtestCommand(args, {
    readFile: (name) => {
      const text = files[name.split('/').at(-1) ?? ''];
      if (text === undefined) throw new Error(`ENOENT: no such file, open '${name}'`);
      return text;
    },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

describe('npm run backtest', () => {
  it('--list names each strategy with its parameters and defaults', () => {
    const { code, out } = run(['--list']);
    expect(code).toBe(0);
    expect(out).toMatch(/^ma-crossover — /m);
    expect(out).toMatch(/^bollinger-reversion — /m);
    expect(out).toMatch(/^atr-breakout — /m);
    expect(out).toContain('--param slow=200 (whole number 3…5000)');
    expect(out).toContain('--param atrMultiple=2 (number 0.1…20)');
  });

  it('prints the statistics of a run as text, labelled historical', () => {
    const { code, out } = run([
      '--strategy',
      'ma-crossover',
      '--file',
      'bars.csv',
      '--interval',
      '5',
      '--param',
      'fast=5',
      '--param',
      'slow=20',
    ]);
    expect(code).toBe(0);
    expect(out).toContain('Backtest of ma-crossover (fast=5, slow=20, allowShort=false) on bars.csv');
    expect(out).toContain('not a promise');
    expect(out).toContain('Period        2021-04-21T00:00:00.000Z → 2021-04-22T06:00:00.000Z (1.3 days)');
    expect(out).toContain('Bars          1,800 candles of 1 min → 360 bars of 5 min');
    for (const label of ['Trades', 'Win rate', 'Total return', 'Max drawdown', 'Final equity', 'Fees']) {
      expect(out).toMatch(new RegExp(`^${label} `, 'm'));
    }
  });

  it('--json gives the result for machines', () => {
    const { code, out } = run([
      '--strategy',
      'ma-crossover',
      '--file',
      'bars.csv',
      '--json',
      '--param',
      'fast=5',
      '--param',
      'slow=20',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({ file: 'bars.csv', strategy: 'ma-crossover', interval: 15, bars: 1800 });
    expect(result.trades).toBeGreaterThan(0);
    expect(result.equity.length).toBeLessThanOrEqual(200);
  });

  it('answers the line of a malformed file, an unknown strategy and a bad parameter clearly', () => {
    const broken = run(['--strategy', 'ma-crossover', '--file', 'bad.csv'], {
      'bad.csv':
        'timestamp,open,high,low,close,volume\n2021-04-21T00:00:00Z,1,1,1,1,1\n2021-04-21T00:01:00Z,1,?,1,1,1\n',
    });
    expect(broken).toMatchObject({ code: 1, err: 'backtest: line 3: high "?" is not a decimal price\n' });
    expect(run(['--strategy', 'nope', '--file', 'bars.csv']).err).toMatch(/no strategy "nope"; there are ma-crossover/);
    expect(run(['--strategy', 'nope', '--file', 'bars.csv']).code).toBe(2);
    expect(run(['--strategy', 'ma-crossover', '--file', 'bars.csv', '--param', 'slow=2']).err).toBe(
      'backtest: params.slow: expected from 3 to 5000, got 2\n',
    );
    expect(run(['--strategy', 'ma-crossover', '--file', 'missing.csv']).err).toMatch(/ENOENT/);
    expect(run(['--strategy', 'ma-crossover', '--frobnicate']).code).toBe(2);
  });
});
