export { type AuditFinding, auditLedger } from './ledger.audit.js';
export * from './ledger.service.js';
