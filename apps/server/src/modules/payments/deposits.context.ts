import type { Kysely } from 'kysely';
import type { ChainRuntime } from '../../platform/chain/chain-runtime.js';
import type { EvmNetwork, EvmNetworkId } from '../../platform/chain/networks.js';
import type { Clock } from '../../platform/clock.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { AlertInput } from '../../platform/jobs/alerts.js';
import type { IdentityTables } from '../identity/index.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { ReferralTables } from '../referral/index.js';
import type { ReviewDecisionTables, ReviewQueue } from '../review/index.js';
import type { UploadsTables } from '../uploads/index.js';
import type { PaymentsTables } from './payments.tables.js';

/**
 * What the deposit side of payments works with (issue 15). Its transactions span the payments
 * tables, the ledger (the credit), the review tables (the `deposit` queue), notifications and
 * the audit log, and the invite programme's Fund step (referral, which asks identity who was
 * invited), each touched only through its module's public face.
 */
export type DepositsDbTables = PaymentsTables &
  LedgerTables &
  ReviewDecisionTables &
  NotifyTables &
  UploadsTables &
  ReferralTables &
  IdentityTables &
  PlatformTables;
export type DepositsDb = Kysely<DepositsDbTables>;

/** The chains as deposits use them (the platform's chain runtime satisfies it). */
export type DepositChains = Pick<ChainRuntime, 'evmNetworks' | 'evmNetwork' | 'publicClient' | 'ready'>;

export type DepositLog = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type DepositsContext = {
  db: DepositsDb;
  clock: Clock;
  log: DepositLog;
  chains: DepositChains | null;
  /** The deployment's deposit xpub (account level): addresses are child 0/index. */
  depositXpub: string | null;
  /** The published BTC address of manual BTC deposits, or null (BTC deposits unavailable). */
  btcAddress: string | null;
  /** Whether Tron deposits are watched (TRON_API_URL); without it they take the manual path. */
  tronWatched: boolean;
  /** The TRC-20 USDT contract (CHAIN_TOKEN_USDT_TRON), shown with the Tron network. */
  tronUsdtContract: string;
  sandbox: boolean;
  reviews: Pick<ReviewQueue, 'submit' | 'findBySource'>;
  alerts: { raise(input: AlertInput): Promise<unknown> };
  /** Called when a deposit address was created (the watchers of this process refresh at once). */
  onAddressCreated(network: string): void;
};

/** The ledger's asset decimals (migration 0004). */
export const ASSET_DECIMALS: Record<string, number> = { USDT: 6, USDC: 6, ETH: 18, BTC: 8 };

/** The clearing account a network's deposits come from. */
export const clearingOf = (network: string) => ({ kind: 'clearing' as const, name: `deposits:${network}` });

export const isEvmNetworkId = (value: string): value is EvmNetworkId =>
  value === 'ethereum' || value === 'sepolia' || value === 'local';

export function evmNetworkOf(context: DepositsContext, network: string): EvmNetwork | undefined {
  if (!context.chains || !isEvmNetworkId(network)) return undefined;
  return context.chains.evmNetwork(network);
}
