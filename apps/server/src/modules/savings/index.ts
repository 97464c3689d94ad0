export type { SavingsAssets, SavingsDb } from './savings.context.js';
export {
  createSavingsModule,
  SAVINGS_ACCRUAL_JOB,
  type SavingsModuleDeps,
  type SavingsService,
} from './savings.module.js';
export type { SavingsTables } from './savings.tables.js';
export { SANDBOX_SAVINGS_PRODUCTS, seedSavingsProducts } from './seed-savings-products.js';
