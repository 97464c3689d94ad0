import { Decimal } from '@openbourse/money';
import { formatUnits } from 'viem';
import type { TronApi, TronTrc20Transfer } from '../../platform/chain/tron-api.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { repeatUntilAborted } from '../../platform/jobs/singleton.js';
import { confirmDeposits } from './credit-deposit.js';
import type { DepositsContext } from './deposits.context.js';
import {
  type ChainDepositInput,
  type DepositAddressRow,
  findTronCursor,
  listDepositAddresses,
  listUnconfirmedOn,
  recordChainDeposits,
  saveTronCursor,
} from './deposits.repository.js';
import { findAssetSettings } from './payments.repository.js';

/** The network id of Tron deposits (addresses, records, the ledger's clearing account). */
export const TRON_NETWORK = 'tron';

/**
 * What a Tron deposit shows as its required confirmations: the API answers only transfers in
 * solidified blocks, which Tron's block producers have confirmed irreversibly (19 of 27).
 */
export const TRON_CONFIRMATIONS = 19;

/** Tron's public block explorer: a transaction id after it opens the transaction. */
export const TRON_EXPLORER_TX_URL = 'https://tronscan.org/#/transaction/';

/** Transfers a step asks for per page (the API's most). */
const PAGE_SIZE = 200;

export type TronWatcher = {
  /** One pass over every Tron deposit address: record the new confirmed transfers, then credit. */
  step(): Promise<number>;
  loop(signal: AbortSignal): Promise<void>;
};

/**
 * The Tron deposit watcher (issue 15), a singleton worker when TRON_API_URL is set. Each step
 * asks the TronGrid-compatible API for the confirmed USDT (TRC-20) transfers into each user's
 * Tron deposit address since that address's cursor (the newest block time already recorded),
 * records them (unique by network and transaction, as the EVM watcher's), moves the cursor, and
 * confirms the records: at or above the minimum they are credited together, below it they are
 * kept and told as on the EVM networks (credit-deposit.ts). Asking from the cursor's own
 * millisecond again is harmless: a transfer already recorded is recorded once.
 *
 * A Tron transaction carries one TRC-20 transfer here (log index 0): the API names no event
 * index. Without TRON_API_URL no Tron address is handed out and Tron deposits take the manual
 * claim.
 */
export function createTronWatcher(options: { context: DepositsContext; api: TronApi; pollMs?: number }): TronWatcher {
  const { context, api } = options;
  const { db, clock, log } = context;
  const pollMs = options.pollMs ?? 15_000;

  async function newTransfers(address: string, since: number | null): Promise<TronTrc20Transfer[]> {
    const found: TronTrc20Transfer[] = [];
    let fingerprint: string | undefined;
    do {
      const page = await api.incomingTransfers({
        address,
        contract: api.usdtContract,
        ...(since === null ? {} : { minTimestamp: since }),
        limit: PAGE_SIZE,
        ...(fingerprint ? { fingerprint } : {}),
      });
      found.push(...page.transfers);
      fingerprint = page.nextFingerprint ?? undefined;
    } while (fingerprint);
    return found;
  }

  async function followAddress(owner: DepositAddressRow, minimum: Decimal): Promise<number> {
    const since = await findTronCursor(db, owner.address);
    const transfers = (await newTransfers(owner.address, since)).filter(
      (transfer) => transfer.to === owner.address && transfer.value > 0n,
    );
    if (transfers.length === 0) return 0;
    const at = clock.now();
    const records: ChainDepositInput[] = transfers.map((transfer) => {
      const amount = formatUnits(transfer.value, transfer.decimals);
      return {
        userId: owner.userId,
        network: TRON_NETWORK,
        asset: 'USDT',
        amount,
        txHash: transfer.txId,
        logIndex: 0,
        blockNumber: null,
        blockHash: null,
        fromAddress: transfer.from,
        toAddress: owner.address,
        source: 'watcher',
        status: Decimal.parse(amount).lt(minimum) ? 'below_minimum' : 'pending',
        at,
      };
    });
    const newest = Math.max(...transfers.map((transfer) => transfer.blockTimestamp));
    await inRetriedTransaction(db, async (trx) => {
      await recordChainDeposits(trx, records);
      await saveTronCursor(trx, owner.address, newest, at);
    });
    return transfers.length;
  }

  async function step(): Promise<number> {
    const minimum = Decimal.parse((await findAssetSettings(db, 'USDT'))?.depositMinimum ?? '0');
    let seen = 0;
    for (const owner of await listDepositAddresses(db, TRON_NETWORK)) {
      seen += await followAddress(owner, minimum);
    }
    // Everything recorded and not yet confirmed, this step's and any a crash left behind.
    const due = await listUnconfirmedOn(db, TRON_NETWORK);
    await confirmDeposits(
      context,
      due.map((deposit) => deposit.id),
    );
    if (seen > 0) log.info({ network: TRON_NETWORK, transfers: seen }, 'deposit watcher: Tron transfers seen');
    return seen;
  }

  return {
    step,
    loop: (signal) =>
      repeatUntilAborted(signal, {
        everyMs: pollMs,
        step,
        onFailure: (error) => log.error({ err: error, network: TRON_NETWORK }, 'Tron deposit watcher step failed'),
      }),
  };
}
