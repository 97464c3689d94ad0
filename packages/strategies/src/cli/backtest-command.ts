/**
 * `npm run backtest -- --strategy NAME --file CSV [options]`: a strategy replayed over a recorded
 * bar file in the shared market-data format, with the platform's fee, margin and stop-out rules;
 * prints the statistics (or `--json`). `npm run backtest -- --list` names the strategies.
 * An operator's and developer's tool: its text is English, like the other command lines.
 * The command takes its file reader and output as arguments (backtest.ts gives it the real ones).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Decimal } from '@openbourse/money';
import { type BacktestInstrument, DEFAULT_MARGIN_SHARE, runBacktest } from '../backtest.js';
import { parseCandleCsv } from '../candle-csv.js';
import { listStrategies, strategyById } from '../registry.js';
import type { ParameterSpec } from '../strategy.js';

const USAGE = `Usage:
  npm run backtest -- --list
  npm run backtest -- --strategy NAME --file CSV [options]

Options:
  --interval MIN        the strategy's bar in minutes (default 15, or the file's own bar when longer)
  --capital USDT        starting cash (default 10000)
  --leverage N          leverage, capped by --leverage-cap (default 2)
  --fee-rate R          fee on the notional at each open (default 0.001)
  --margin-share S      share of equity committed as margin per position (default ${DEFAULT_MARGIN_SHARE})
  --param key=value     a strategy parameter (repeatable; see --list)
  --contract-size N     units per lot (default 1)
  --lot-step N          (default 0.00001)   --min-lots N (default 0.0001)   --max-lots N (default 1000000)
  --leverage-cap N      the instrument's cap (default 2, crypto's; SPEC §0.7)
  --quote USDT|USD      the instrument's quote currency (default USDT)
  --json                machine-readable output
`;

export type CommandIo = {
  readFile: (file: string) => string;
  out: (text: string) => void;
  err: (text: string) => void;
};

/** A mistake in the command line: exit code 2 with the usage. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

const describeParameter = (spec: ParameterSpec) =>
  spec.kind === 'boolean'
    ? `${spec.key}=${spec.default} (true/false) — ${spec.description}`
    : `${spec.key}=${spec.default} (${spec.kind === 'integer' ? 'whole number' : 'number'} ${spec.min}…${spec.max}) — ${spec.description}`;

function list(io: CommandIo, json: boolean): void {
  const strategies = listStrategies();
  if (json) {
    const out = strategies.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      parameters: s.parameters,
    }));
    io.out(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  for (const strategy of strategies) {
    io.out(`${strategy.id} — ${strategy.name}\n  ${strategy.description}\n`);
    for (const spec of strategy.parameters) io.out(`  --param ${describeParameter(spec)}\n`);
    io.out('\n');
  }
}

const percent = (ratio: string) =>
  `${Decimal.parse(ratio).mul(Decimal.fromInteger(100)).round(2, 'half-even').toFixed(2)}%`;
const grouped = (value: string) => {
  const [whole = '0', fraction] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
};
const minutes = (n: number) => (n % 1440 === 0 ? `${n / 1440} d` : n % 60 === 0 ? `${n / 60} h` : `${n} min`);

function run(args: string[], io: CommandIo): void {
  const { values } = parseArgs({
    args,
    options: {
      list: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
      strategy: { type: 'string' },
      file: { type: 'string' },
      interval: { type: 'string' },
      capital: { type: 'string', default: '10000' },
      leverage: { type: 'string', default: '2' },
      'fee-rate': { type: 'string', default: '0.001' },
      'margin-share': { type: 'string', default: DEFAULT_MARGIN_SHARE },
      param: { type: 'string', multiple: true },
      'contract-size': { type: 'string', default: '1' },
      'lot-step': { type: 'string', default: '0.00001' },
      'min-lots': { type: 'string', default: '0.0001' },
      'max-lots': { type: 'string', default: '1000000' },
      'leverage-cap': { type: 'string', default: '2' },
      quote: { type: 'string', default: 'USDT' },
    },
    strict: true,
  });
  if (values.help) {
    io.out(USAGE);
    return;
  }
  if (values.list) {
    list(io, values.json ?? false);
    return;
  }
  if (!values.strategy) fail('--strategy is required (see --list)');
  if (!values.file) fail('--file is required');
  const strategy = strategyById(values.strategy);
  if (!strategy)
    fail(
      `no strategy "${values.strategy}"; there are ${listStrategies()
        .map((s) => s.id)
        .join(', ')}`,
    );
  const params: Record<string, string> = {};
  for (const pair of values.param ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) fail(`--param takes key=value, got "${pair}"`);
    params[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const whole = (name: string, text: string) => {
    if (!/^\d+$/.test(text)) fail(`--${name} must be a whole number, got "${text}"`);
    return Number(text);
  };
  const file = path.resolve(values.file);
  const csv = parseCandleCsv(io.readFile(file));
  if (csv.candles.length === 0) fail(`${file} has no bars`);
  const interval = values.interval ? whole('interval', values.interval) : Math.max(15, csv.candleMinutes);
  const instrument: BacktestInstrument = {
    contractSize: values['contract-size'],
    lotStep: values['lot-step'],
    minLots: values['min-lots'],
    maxLots: values['max-lots'],
    leverageCap: whole('leverage-cap', values['leverage-cap']),
    quoteCurrency: values.quote,
  };
  const askedLeverage = whole('leverage', values.leverage);
  const result = runBacktest({
    strategy: strategy.id,
    params,
    candles: csv.candles,
    candleMinutes: csv.candleMinutes,
    interval,
    instrument,
    feeRate: values['fee-rate'],
    initialCapital: values.capital,
    leverage: askedLeverage,
    marginShare: values['margin-share'],
  });
  if (values.json) {
    io.out(`${JSON.stringify({ file: path.basename(file), ...result }, null, 2)}\n`);
    return;
  }
  const paramText = Object.entries(result.params)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
  const days = ((Date.parse(result.to) - Date.parse(result.from)) / 86_400_000).toFixed(1);
  const leverageNote = askedLeverage > result.leverage ? ` (asked ${askedLeverage}, capped)` : '';
  const lines = [
    `Backtest of ${strategy.id} (${paramText}) on ${path.basename(file)}`,
    'Historical: recorded prices replayed, not a promise of future results.',
    '',
    `Period        ${result.from} → ${result.to} (${days} days)`,
    `Bars          ${grouped(String(result.bars))} candles of ${minutes(csv.candleMinutes)} → ${grouped(String(result.intervalBars))} bars of ${minutes(result.interval)}`,
    `Trades        ${result.trades} (${result.wins} won, ${result.stopOuts} stopped out, ${result.refusedOrders} orders refused)`,
    `Win rate      ${percent(result.winRate)}`,
    `Total return  ${percent(result.totalReturn)}`,
    `Max drawdown  ${percent(result.maxDrawdown)}`,
    `Final equity  ${grouped(result.finalEquity)} USDT (from ${grouped(result.initialCapital)})`,
    `Fees          ${grouped(result.fees)} USDT`,
    `P&L           ${grouped(result.pnl)} USDT before fees; absorbed by the operator ${grouped(result.absorbed)} USDT`,
    `Settings      leverage ${result.leverage}${leverageNote}, margin share ${result.marginShare}, fee rate ${values['fee-rate']}, contract size ${instrument.contractSize}, lot step ${instrument.lotStep}`,
  ];
  io.out(`${lines.join('\n')}\n`);
}

/** Runs the command; answers the exit code (0 done, 1 the file or the run failed, 2 a usage mistake). */
export function backtestCommand(args: string[], io: CommandIo): number {
  try {
    run(args, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      // parseArgs answers an unknown or malformed option with a TypeError carrying a code.
      io.err(`backtest: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof Error) {
      io.err(`backtest: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
