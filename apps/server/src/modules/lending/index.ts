export type { LendingAssets, LendingDb } from './lending.context.js';
export { createLendingModule, type LendingModule, type LendingModuleDeps } from './lending.module.js';
export type { LendingTables } from './lending.tables.js';
export { SANDBOX_LOAN_SETTINGS, seedLoanSettings } from './seed-loan-settings.js';
