import type { TDeposit, TListRechargeQuery, TListRechargeResponse } from '@openbourse/contracts';
import { type DepositsContext, evmNetworkOf } from './deposits.context.js';
import { type DepositRow, findCursor, listUserDeposits } from './deposits.repository.js';
import { TRON_CONFIRMATIONS, TRON_EXPLORER_TX_URL, TRON_NETWORK } from './tron-watcher.js';

const LABELS: Record<string, string> = { tron: 'Tron', bitcoin: 'Bitcoin' };

/** A deposit as the API answers it, confirmations counted from the watcher's head (its cursor). */
export function depositToWire(context: DepositsContext, deposit: DepositRow, head: bigint | null): TDeposit {
  const network = evmNetworkOf(context, deposit.network);
  // The Tron watcher records only transfers its API already calls confirmed (solidified).
  const isWatchedTron = deposit.network === TRON_NETWORK && deposit.source === 'watcher';
  const required = isWatchedTron ? TRON_CONFIRMATIONS : (network?.confirmations ?? 0);
  const confirmations = isWatchedTron
    ? TRON_CONFIRMATIONS
    : deposit.blockNumber !== null && head !== null && head >= deposit.blockNumber
      ? Number(head - deposit.blockNumber + 1n)
      : 0;
  const explorer = deposit.network === TRON_NETWORK ? TRON_EXPLORER_TX_URL : network?.explorerTxUrl;
  const txUrl = deposit.txHash && explorer ? `${explorer}${deposit.txHash}` : null;
  return {
    id: deposit.id,
    asset: deposit.asset as TDeposit['asset'],
    network: deposit.network as TDeposit['network'],
    networkLabel: network?.label ?? LABELS[deposit.network] ?? deposit.network,
    amount: deposit.amount,
    txHash: deposit.txHash,
    txUrl,
    logIndex: deposit.logIndex,
    fromAddress: deposit.fromAddress,
    toAddress: deposit.toAddress,
    source: deposit.source,
    status: deposit.status,
    confirmations,
    requiredConfirmations: required,
    blockNumber: deposit.blockNumber === null ? null : deposit.blockNumber.toString(),
    reason: deposit.reason,
    walletAddress: deposit.walletAddress,
    tokenType: deposit.tokenType,
    gasUsed: deposit.gasUsed,
    createdAt: deposit.createdAt.toISOString(),
    creditedAt: deposit.creditedAt?.toISOString() ?? null,
  };
}

export async function depositWithHead(context: DepositsContext, deposit: DepositRow): Promise<TDeposit> {
  return depositToWire(context, deposit, await findCursor(context.db, deposit.network));
}

export async function listRecharge(
  context: DepositsContext,
  userId: string,
  query: TListRechargeQuery,
): Promise<TListRechargeResponse> {
  const { rows, total } = await listUserDeposits(context.db, userId, {
    status: query.status,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const heads = new Map<string, bigint | null>();
  for (const network of new Set(rows.map((row) => row.network))) {
    heads.set(network, await findCursor(context.db, network));
  }
  return {
    items: rows.map((row) => depositToWire(context, row, heads.get(row.network) ?? null)),
    total,
    page: query.page,
    size: query.size,
  };
}
