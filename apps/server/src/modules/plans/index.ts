export type {
  BacktestData,
  PlanInstrument,
  PlanMarket,
  PlansDb,
  PlanTrading,
  PlanUsers,
} from './plans.context.js';
export { createPlansModule, type PlansModuleDeps, type PlansService } from './plans.module.js';
export type { PlansTables } from './plans.tables.js';
export { SANDBOX_SMART_PRODUCTS, seedSmartProducts } from './seed-smart-products.js';
