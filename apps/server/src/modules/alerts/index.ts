export { AlertEngine, type AlertEngineDeps } from './alert-engine.js';
export { type AlertsModule, type AlertsModuleDeps, createAlertsModule } from './alerts.module.js';
export type { AlertsTables } from './alerts.tables.js';
