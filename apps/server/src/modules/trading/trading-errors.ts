import type { CatalogueName } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { TradingMathError } from './trading-rules.js';

/** A rule's answer is a catalogue name (the shared rules speak the catalogue's vocabulary). */
export function fail(name: CatalogueName): never {
  throw new AppError(name);
}

/** Runs a figure that throws the rules' error type, answering its catalogue error instead. */
export function withRuleErrors<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof TradingMathError) fail(error.code);
    throw error;
  }
}
