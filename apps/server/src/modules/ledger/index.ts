export { ensureDemoFunded, userInfoMoney } from './ledger.accounts-api.js';
export { type AuditFinding, auditLedger } from './ledger.audit.js';
export { ledgerAdminPlugin, ledgerPlugin } from './ledger.plugin.js';
export * from './ledger.service.js';
export { createTransferQueue, type TransferQueue } from './transfer-queue.js';
