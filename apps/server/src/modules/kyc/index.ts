export type { KycViewer } from './kyc.context.js';
export { createKycModule, KYC_PURGE_JOB, type KycModuleDeps, type KycService } from './kyc.module.js';
export type { KycTables } from './kyc.tables.js';
