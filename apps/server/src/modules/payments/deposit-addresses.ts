import type { TDepositAddressQuery, TDepositAddressResponse } from '@openbourse/contracts';
import { depositAddressAt, tronDepositAddressAt } from '../../platform/chain/hd-keys.js';
import type { EvmNetworkId } from '../../platform/chain/networks.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type DepositsContext, evmNetworkOf } from './deposits.context.js';
import { findDepositAddress, insertDepositAddress, takeAddressIndex } from './deposits.repository.js';
import { findAssetSettings } from './payments.repository.js';
import { TRON_CONFIRMATIONS, TRON_NETWORK } from './tron-watcher.js';

/**
 * Per-user deposit addresses (issue 15): one per user per EVM network (and on Tron when its API
 * is set), derived from the deployment's DEPOSIT_XPUB at an index taken from the network's
 * sequence (Tron: chain 2 of the same key). The API process holds no private key: only the
 * worker's sweeper derives the matching key.
 */
export async function ensureDepositAddress(
  context: DepositsContext,
  network: EvmNetworkId | typeof TRON_NETWORK,
  userId: string,
): Promise<{ address: string; index: number }> {
  const existing = await findDepositAddress(context.db, network, userId);
  if (existing) return { address: existing.address, index: existing.index };
  const xpub = context.depositXpub;
  if (!xpub) throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
  const created = await inRetriedTransaction(context.db, async (trx) => {
    const index = await takeAddressIndex(trx, network);
    const address = network === TRON_NETWORK ? tronDepositAddressAt(xpub, index) : depositAddressAt(xpub, index);
    const isNew = await insertDepositAddress(trx, { network, userId, index, address, at: context.clock.now() });
    return isNew ? { address, index } : null;
  });
  if (created) {
    context.onAddressCreated(network);
    return created;
  }
  // Another request made it first (the index taken here stays unused: harmless).
  const row = await findDepositAddress(context.db, network, userId);
  if (!row) throw new Error('deposit address missing after insert');
  return { address: row.address, index: row.index };
}

export async function depositAddressFor(
  context: DepositsContext,
  userId: string,
  query: TDepositAddressQuery,
): Promise<TDepositAddressResponse> {
  const settings = await findAssetSettings(context.db, query.asset);
  const minimum = settings?.depositMinimum ?? '0';
  if (query.network === 'bitcoin') {
    if (query.asset !== 'BTC') throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
    if (!context.btcAddress) throw new AppError('DEPOSIT_BTC_UNAVAILABLE');
    return {
      asset: 'BTC',
      network: 'bitcoin',
      label: 'Bitcoin',
      address: context.btcAddress,
      minimum,
      confirmations: 0,
      memo: null,
    };
  }
  if (query.network === TRON_NETWORK) {
    // USDT only. Watched through a Tron API; without one, a transfer to it is claimed by hand.
    if (query.asset !== 'USDT') throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
    const { address } = await ensureDepositAddress(context, TRON_NETWORK, userId);
    return {
      asset: 'USDT',
      network: TRON_NETWORK,
      label: 'Tron',
      address,
      minimum,
      confirmations: context.tronWatched ? TRON_CONFIRMATIONS : 0,
      memo: null,
    };
  }
  const network = evmNetworkOf(context, query.network);
  if (!network) throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
  const carries =
    query.asset === 'ETH' || ((query.asset === 'USDT' || query.asset === 'USDC') && network.tokens[query.asset]);
  if (!carries) throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
  const { address } = await ensureDepositAddress(context, network.id, userId);
  return {
    asset: query.asset,
    network: network.id,
    label: network.label,
    address,
    minimum,
    confirmations: network.confirmations,
    memo: null,
  };
}
