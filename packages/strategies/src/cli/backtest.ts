#!/usr/bin/env node
// `npm run backtest`: the backtest command (backtest-command.ts) with the real file system and output.
import { readFileSync } from 'node:fs';
import { backtestCommand } from './backtest-command.js';

process.exitCode = backtestCommand(process.argv.slice(2), {
  readFile: (file) => readFileSync(file, 'utf8'),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
