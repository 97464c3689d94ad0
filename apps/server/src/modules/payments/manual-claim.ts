import type { TDeposit, TManualDepositRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { isBitcoinAddress } from '../../platform/chain/addresses.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { uploadBelongsTo } from '../uploads/index.js';
import { depositWithHead } from './deposit-wire.js';
import { ASSET_DECIMALS, type DepositsContext, evmNetworkOf } from './deposits.context.js';
import { findDepositAddress, findDepositsByHash, insertManualDeposit } from './deposits.repository.js';

/** A transaction hash's shape per network: EVM 0x + 64 hex; Tron and Bitcoin 64 hex. */
const HASH_FORMATS: Record<string, RegExp> = {
  ethereum: /^0x[0-9a-f]{64}$/,
  sepolia: /^0x[0-9a-f]{64}$/,
  local: /^0x[0-9a-f]{64}$/,
  tron: /^[0-9a-f]{64}$/,
  bitcoin: /^[0-9a-f]{64}$/,
};

/** The assets each network's manual claims may be for. */
const CLAIMABLE: Record<string, readonly string[]> = {
  ethereum: ['USDT', 'USDC', 'ETH'],
  sepolia: ['USDT', 'USDC', 'ETH'],
  local: ['USDT', 'USDC', 'ETH'],
  tron: ['USDT'],
  bitcoin: ['BTC'],
};

/**
 * A manual claim (issue 15): a deposit no watcher credits (BTC to the published address, Tron
 * without a Tron API, a transfer to a wrong address). Checked (hash format, the proof upload is
 * the caller's, a hash not already recorded), recorded as pending_review and queued in the
 * `deposit` review queue with its proof, in one transaction; approval credits it once.
 */
export async function claimDeposit(
  context: DepositsContext,
  caller: { userId: string; requestId: string; ip: string | null },
  input: TManualDepositRequest,
): Promise<TDeposit> {
  const { userId } = caller;
  const network = input.network;
  if (!(CLAIMABLE[network] ?? []).includes(input.asset)) throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
  if (network === 'bitcoin' && (!context.btcAddress || !isBitcoinAddress(context.btcAddress))) {
    throw new AppError('DEPOSIT_BTC_UNAVAILABLE');
  }
  const evm = evmNetworkOf(context, network);
  if ((network === 'ethereum' || network === 'sepolia' || network === 'local') && !evm) {
    throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
  }
  const txHash = input.txHash.toLowerCase();
  if (!HASH_FORMATS[network]?.test(txHash)) throw new AppError('DEPOSIT_HASH_INVALID');
  const decimals = ASSET_DECIMALS[input.asset] ?? 0;
  const amount = Decimal.parse(input.amount);
  if (!amount.gt(Decimal.parse('0')) || (input.amount.split('.')[1]?.length ?? 0) > decimals) {
    throw new AppError('INVALID_INPUT', { data: { issues: [{ path: 'body.amount', message: 'not a valid amount' }] } });
  }
  if (!(await uploadBelongsTo(context.db, input.proofFileId, userId))) throw new AppError('UPLOAD_NOT_FOUND');
  const toAddress =
    network === 'bitcoin'
      ? context.btcAddress
      : ((await findDepositAddress(context.db, evm?.id ?? network, userId))?.address ?? null);
  const recorded = await inRetriedTransaction(context.db, async (trx) => {
    const earlier = await findDepositsByHash(trx, network, txHash);
    if (earlier.some((deposit) => deposit.status !== 'rejected')) throw new AppError('DEPOSIT_HASH_RECORDED');
    const deposit = await insertManualDeposit(trx, {
      userId,
      network,
      asset: input.asset,
      amount: amount.toString(),
      txHash,
      fromLast6: input.fromLast6,
      proofFileId: input.proofFileId,
      toAddress,
      at: context.clock.now(),
    });
    await context.reviews.submit(trx, {
      kind: 'deposit',
      sourceKey: `deposit:${deposit.id}`,
      userId,
      summary: `Manual deposit claim: ${deposit.amount} ${deposit.asset} on ${network}, transaction ${txHash}`,
      amount: deposit.amount,
      asset: deposit.asset,
      payload: {
        depositId: deposit.id,
        network,
        txHash,
        fromLast6: input.fromLast6,
        toAddress,
        manual: true,
        fileIds: [input.proofFileId],
      },
      requestedBy: null,
      requestId: caller.requestId,
      ip: caller.ip,
    });
    return deposit;
  }).catch((error: unknown) => {
    // The unique index of live manual claims: a concurrent claim of the same hash.
    if ((error as { code?: unknown }).code === '23505') throw new AppError('DEPOSIT_HASH_RECORDED');
    throw error;
  });
  return depositWithHead(context, recorded);
}
