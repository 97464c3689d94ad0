export type { OptionsAssets, OptionsDb, OptionsInstrument, OptionsMarket, OptionsUsers } from './options.context.js';
export {
  createOptionsModule,
  OPTIONS_UPKEEP_JOB,
  type OptionsModuleDeps,
  type OptionsService,
} from './options.module.js';
export type { OptionsTables } from './options.tables.js';
export { SANDBOX_OPTIONS_PRODUCTS } from './seed-options-products.js';
