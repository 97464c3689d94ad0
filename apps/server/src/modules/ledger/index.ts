export { ensureDemoFunded, userInfoMoney } from './ledger.accounts-api.js';
export { type AuditFinding, auditLedger } from './ledger.audit.js';
export { ledgerAdminPlugin, ledgerPlugin } from './ledger.plugin.js';
export * from './ledger.service.js';
export type { LedgerTables } from './ledger.tables.js';
export { type FreeMarginCheck, type MarginReservation, type MarginReserved, reserveMargins } from './reserve-margin.js';
export { createTransferQueue, type TransferQueue } from './transfer-queue.js';
