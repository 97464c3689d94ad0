import type { Kysely } from 'kysely';
import type { ChainRuntime } from '../../platform/chain/chain-runtime.js';
import type { Clock } from '../../platform/clock.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { Alerts } from '../../platform/jobs/alerts.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { ReviewQueue, ReviewTables } from '../review/index.js';
import type { PaymentsTables } from './payments.tables.js';

/**
 * What the withdrawals (issue 15) run with: their view of the database (their own tables, and the
 * ledger's, review's, notify's and the platform's that the ledger, review framework and
 * notifications they call write in the same transaction), and ports the composition root fills.
 */
export type WithdrawalsDb = Kysely<PaymentsTables & LedgerTables & ReviewTables & NotifyTables & PlatformTables>;

/** The chain runtime as the withdrawals use it: its EVM networks and their clients. */
export type WithdrawalChain = Pick<ChainRuntime, 'evmNetwork' | 'publicClient'>;

/** Identity's check of a user's authenticator code (a code is accepted once). */
export type TotpVerifier = { verifyUserTotp(userId: string, code: string): Promise<boolean> };

export type WithdrawalsLog = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type WithdrawalsConfig = {
  /** WITHDRAWAL_ADDRESS_COOLING_HOURS */
  coolingHours: number;
  /** WITHDRAWAL_MIN_USDT: the smallest USDT / USDC withdrawal (the asset setting's minimum too: the higher). */
  minUsdt: string;
  /** WITHDRAWAL_DROP_AFTER_MS */
  dropAfterMs: number;
  /** WITHDRAWAL_SIGNER_POLL_MS */
  pollMs: number;
  /** WITHDRAWAL_LOW_GAS_WEI */
  lowGasWei: bigint;
  /** PUBLIC_ORIGIN; else the request's origin names the confirmation link. */
  publicOrigin: string | undefined;
  /** WITHDRAWAL_SIGNER_KEY (the hot wallet): only where the role includes the worker; without it no signer runs. */
  signerKey: string | null | undefined;
  /** Where the signer's singleton locks live (default: the database's own connection string). */
  lockConnectionString?: string | undefined;
};

export type WithdrawalsDeps = {
  db: WithdrawalsDb;
  clock: Clock;
  apiPrefix: string;
  mailer: Mailer;
  /** null: no chain configured; withdrawals answer "not available" and no signer runs. */
  chain: WithdrawalChain | null;
  reviews: ReviewQueue;
  totp: TotpVerifier;
  log: WithdrawalsLog;
  /** Operator alerts (a stuck or failed withdrawal, a hot wallet low on gas or funds). */
  alerts: Pick<Alerts, 'raise'>;
  config: WithdrawalsConfig;
};
