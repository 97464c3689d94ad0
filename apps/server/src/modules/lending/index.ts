export type { LendingAssets, LendingDb } from './lending.context.js';
export {
  createLendingModule,
  type LendingModuleDeps,
  type LendingService,
  LOAN_UPKEEP_JOB,
} from './lending.module.js';
export type { LendingTables } from './lending.tables.js';
export { lendingQuote } from './lending-quote.js';
export { SANDBOX_LENDING_CAPITAL, seedLendingCapital } from './seed-lending-capital.js';
export { SANDBOX_LOAN_SETTINGS, seedLoanSettings } from './seed-loan-settings.js';
