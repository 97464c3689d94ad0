import type { CatalogueName } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { TradingMathError } from './trading-rules.js';

/**
 * The rules' problem codes as catalogue errors: the one mapping in the module (it goes away once
 * the shared rules answer catalogue names themselves, issue 12).
 */
const errorOf: Record<string, CatalogueName> = {
  LOTS_INVALID: 'PURCHASE_AMOUNT_WRONG',
  LEVERAGE_INVALID: 'LEVERAGE_INVALID',
  PRICE_INVALID: 'PRICE_INVALID',
  NO_CONVERSION: 'NOT_TRADABLE_NOW',
  STOP_LOSS_UNREASONABLE: 'STOP_LOSS_UNREASONABLE',
  TAKE_PROFIT_UNREASONABLE: 'TAKE_PROFIT_UNREASONABLE',
  STOP_COMBINATION_UNREASONABLE: 'STOP_COMBINATION_UNREASONABLE',
};

export function fail(code: string): never {
  throw new AppError(errorOf[code] ?? 'INVALID_INPUT');
}

/** Runs a rule that throws its own error type, answering a catalogue error instead. */
export function withRuleErrors<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof TradingMathError) fail(error.code);
    throw error;
  }
}
