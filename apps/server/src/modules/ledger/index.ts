export { resetDemo, statementOf } from './ledger.accounts-api.js';
export { type AuditFinding, auditLedger } from './ledger.audit.js';
export { createLedgerModule, type LedgerModuleDeps, type LedgerService } from './ledger.module.js';
export type { AdjustmentReviews, LedgerUserDirectory } from './ledger.plugin.js';
export { findAssetDecimals as ledgerAssetDecimals } from './ledger.repository.js';
export type { DemoPositionCloser } from './ledger.routes.js';
export {
  type AccountRef,
  assertTreasuryCovers,
  type BalanceOwner,
  capture,
  getBalance,
  getBalances,
  type HoldInput,
  hold,
  OWN_SUBACCOUNT,
  release,
  type Subaccount,
  subaccountAccounts,
  type TransferInput,
  type TransferResult,
  transfer,
  transferBatch,
  type UserBalance,
} from './ledger.service.js';
export type { LedgerTables } from './ledger.tables.js';
export { type FreeMarginCheck, type MarginReservation, type MarginReserved, reserveMargins } from './reserve-margin.js';
export { type SystemAccountKind, type SystemBalance, systemBalances } from './system-balances.js';
export { createTransferQueue, type TransferQueue } from './transfer-queue.js';
