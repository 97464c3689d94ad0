export { createReferralModule, type ReferralModuleDeps, type ReferralService } from './referral.module.js';
export type { ReferralTables } from './referral.tables.js';
export { type ReferralDb, type ReferralStep, recordReferralStep, recordReferralSteps } from './referral-steps.js';
