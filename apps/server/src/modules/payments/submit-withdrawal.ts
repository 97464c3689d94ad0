import type {
  Language,
  TWithdrawal,
  TWithdrawalList,
  TWithdrawalQuote,
  TWithdrawalRequest,
  WithdrawalAsset,
  WithdrawalNetwork,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { EvmNetwork } from '../../platform/chain/networks.js';
import { EVM_NETWORK_DEFAULTS } from '../../platform/chain/networks.js';
import { AppError } from '../../platform/errors/app-error.js';
import { getBalances, hold } from '../ledger/index.js';
import { findAssetSettings } from './payments.repository.js';
import { entryStatus, isEvmNetwork, networkLabel, normaliseAddress } from './withdrawal-addresses.js';
import { reasonText } from './withdrawal-reasons.js';
import type { WithdrawalsDeps } from './withdrawals.context.js';
import * as repository from './withdrawals.repository.js';

/**
 * Withdrawal requests (issue 15, SPEC §0 rule 6): the quote shown before confirming, the request
 * (checked, held in the ledger and queued for review in one transaction) and the history.
 */

const STABLECOINS: readonly string[] = ['USDT', 'USDC'];

/** The network a withdrawal of `asset` would use, or "not available yet" (BTC, Tron, an unconfigured one). */
export function withdrawalNetwork(
  deps: Pick<WithdrawalsDeps, 'chain'>,
  asset: WithdrawalAsset,
  network: WithdrawalNetwork | undefined,
): EvmNetwork {
  if (network === undefined) throw new AppError('CHOOSE_WITHDRAWAL_METHOD');
  const notAvailable = () =>
    new AppError('WITHDRAWAL_NOT_AVAILABLE', { params: { asset, network: networkLabel(network) } });
  if (!isEvmNetwork(network) || asset === 'BTC') throw notAvailable();
  const evm = deps.chain?.evmNetwork(network);
  if (!evm) throw notAvailable();
  if (asset !== 'ETH' && !evm.tokens[asset]) throw notAvailable();
  return evm;
}

/** What the asset's chain representation allows: the token's decimals, 18 for ETH. */
const chainDecimals = (evm: EvmNetwork, asset: WithdrawalAsset) =>
  asset === 'ETH' ? 18 : (evm.tokens[asset as 'USDT' | 'USDC']?.decimals ?? 0);

type Terms = {
  decimals: number;
  amount: Decimal;
  fee: Decimal;
  feeRate: string;
  minimum: Decimal;
  maximum: Decimal | null;
  available: bigint;
};

/**
 * The rules a withdrawal of `amount` follows: the minimum (the higher of the asset setting's
 * withdrawal minimum and, for USDT / USDC, WITHDRAWAL_MIN_USDT), the maximum (the setting), the
 * fee (amount × the setting's fee rate, rounded up to the asset's decimals).
 */
async function termsOf(
  deps: Pick<WithdrawalsDeps, 'db' | 'config'>,
  userId: string,
  evm: EvmNetwork,
  asset: WithdrawalAsset,
  rawAmount: string,
): Promise<Terms> {
  const balance = (await getBalances(deps.db, 'live', userId)).find((entry) => entry.asset === asset);
  const settings = await findAssetSettings(deps.db, asset);
  if (!balance || !settings) throw new AppError('UNKNOWN_ASSET');
  const decimals = Math.min(balance.decimals, chainDecimals(evm, asset));
  const amount = Decimal.parse(rawAmount);
  if (!amount.isPositive() || !amount.round(decimals, 'down').eq(amount)) throw new AppError('AMOUNT_INVALID');
  const configured = Decimal.parse(settings.withdrawalMinimum);
  const minimum = STABLECOINS.includes(asset)
    ? Decimal.max(configured, Decimal.parse(deps.config.minUsdt))
    : configured;
  const maximum = settings.withdrawalMaximum === null ? null : Decimal.parse(settings.withdrawalMaximum);
  const fee = amount.mul(Decimal.parse(settings.withdrawalFeeRate)).round(balance.decimals, 'ceil');
  return {
    decimals: balance.decimals,
    amount,
    fee,
    feeRate: settings.withdrawalFeeRate,
    minimum,
    maximum,
    available: balance.available,
  };
}

export async function quoteWithdrawal(
  deps: Pick<WithdrawalsDeps, 'db' | 'config' | 'chain'>,
  userId: string,
  query: { asset: WithdrawalAsset; network?: WithdrawalNetwork | undefined; amount: string },
): Promise<TWithdrawalQuote> {
  const evm = withdrawalNetwork(deps, query.asset, query.network);
  const terms = await termsOf(deps, userId, evm, query.asset, query.amount);
  return {
    amount: terms.amount.toString(),
    fee: terms.fee.toString(),
    feeRate: terms.feeRate,
    total: terms.amount.add(terms.fee).toString(),
    minimum: terms.minimum.toString(),
    maximum: terms.maximum?.toString() ?? null,
    available: Decimal.fromMinorUnits(terms.available, terms.decimals).toString(),
  };
}

const WIRE_STATUS: Record<string, TWithdrawal['status']> = {
  submitted: 'submitted',
  pending_review: 'pending_review',
  approved: 'approved',
  // Signed and stored, not yet sent: still "approved" to the user.
  signed: 'approved',
  broadcast: 'broadcast',
  completed: 'completed',
  rejected: 'rejected',
  failed: 'failed',
};

export function toWireWithdrawal(
  deps: Pick<WithdrawalsDeps, 'chain'>,
  row: repository.WithdrawalRow,
  language: Language,
): TWithdrawal {
  const sent = row.status === 'broadcast' || row.status === 'completed' || (row.status === 'failed' && row.broadcastAt);
  const txHash = sent ? row.txHash : null;
  const explorer = isEvmNetwork(row.network)
    ? (deps.chain?.evmNetwork(row.network)?.explorerTxUrl ?? EVM_NETWORK_DEFAULTS[row.network].explorerTxUrl)
    : null;
  return {
    id: row.id,
    asset: row.asset as WithdrawalAsset,
    network: row.network as WithdrawalNetwork,
    networkLabel: networkLabel(row.network),
    address: row.address,
    amount: row.amount,
    fee: row.fee,
    status: WIRE_STATUS[row.status] ?? 'failed',
    txHash,
    txUrl: txHash && explorer ? `${explorer}${txHash}` : null,
    reason: reasonText(row.reason, row.reasonNote, language),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type WithdrawalCaller = { id: string; totpEnabled: boolean };

export async function submitWithdrawal(
  deps: Pick<WithdrawalsDeps, 'db' | 'clock' | 'config' | 'chain' | 'reviews' | 'totp'>,
  caller: WithdrawalCaller,
  input: TWithdrawalRequest,
  request: { requestId: string; ip: string | null; language: Language },
): Promise<TWithdrawal> {
  const evm = withdrawalNetwork(deps, input.asset, input.network);
  const network = evm.id;
  const { address, key } = normaliseAddress(network, input.address);
  const now = deps.clock.now();
  const entry = await repository.findAddress(deps.db, caller.id, network, key);
  if (!entry) throw new AppError('WITHDRAWAL_ADDRESS_NOT_IN_BOOK');
  const status = entryStatus(entry, now);
  if (status === 'unconfirmed') throw new AppError('WITHDRAWAL_ADDRESS_UNCONFIRMED');
  if (status === 'cooling') {
    const usableAt = entry.usableAt?.toISOString() ?? '';
    throw new AppError('WITHDRAWAL_ADDRESS_COOLING', { data: { usableAt }, params: { usableAt } });
  }
  const terms = await termsOf(deps, caller.id, evm, input.asset, input.amount);
  if (terms.amount.lt(terms.minimum)) {
    const minimum = `${terms.minimum.toString()} ${input.asset}`;
    throw new AppError('WITHDRAWAL_BELOW_MINIMUM', {
      data: { minimum: terms.minimum.toString() },
      params: { minimum },
    });
  }
  if (terms.maximum !== null && terms.amount.gt(terms.maximum)) {
    const maximum = `${terms.maximum.toString()} ${input.asset}`;
    throw new AppError('WITHDRAWAL_ABOVE_MAXIMUM', {
      data: { maximum: terms.maximum.toString() },
      params: { maximum },
    });
  }
  if (caller.totpEnabled) {
    if (!input.totp) throw new AppError('TOTP_REQUIRED');
    if (!(await deps.totp.verifyUserTotp(caller.id, input.totp))) throw new AppError('TOTP_INVALID');
  }
  const day = now.toISOString().slice(0, 10);
  const row = await deps.db.transaction().execute(async (trx) => {
    // One request of a user at a time past this point: the checks below and the insert cannot
    // interleave with a concurrent request's.
    await repository.lockUserWithdrawals(trx, caller.id);
    if (await repository.hasPendingReview(trx, caller.id)) throw new AppError('WITHDRAWAL_UNDER_REVIEW');
    if ((await repository.countOnDay(trx, caller.id, day)) > 0) throw new AppError('WITHDRAWAL_DAILY_LIMIT');
    const created = await repository.insertWithdrawal(trx, {
      userId: caller.id,
      asset: input.asset,
      network,
      address,
      amount: terms.amount.toString(),
      fee: terms.fee.toString(),
      day,
      now,
    });
    const reference = { type: 'withdrawal', id: created.id };
    // Two holds, so that completion can send the amount out and keep the fee apart.
    const amountHold = await hold(trx, {
      book: 'live',
      asset: input.asset,
      userId: caller.id,
      amount: terms.amount.toMinorUnits(terms.decimals, 'down'),
      reason: 'withdrawal',
      reference,
      idempotencyKey: `withdrawal:${created.id}:amount`,
    });
    const feeMinor = terms.fee.toMinorUnits(terms.decimals, 'down');
    const feeHold =
      feeMinor > 0n
        ? await hold(trx, {
            book: 'live',
            asset: input.asset,
            userId: caller.id,
            amount: feeMinor,
            reason: 'withdrawal_fee',
            reference,
            idempotencyKey: `withdrawal:${created.id}:fee`,
          })
        : null;
    const { item } = await deps.reviews.submit(trx, {
      kind: 'withdrawal',
      sourceKey: `withdrawal:${created.id}`,
      userId: caller.id,
      summary: `Withdraw ${created.amount} ${input.asset} (fee ${created.fee}) to ${address} on ${evm.label}`,
      amount: created.amount,
      asset: input.asset,
      payload: { withdrawalId: created.id, network, address, fee: created.fee },
      requestedBy: null,
      requestId: request.requestId,
      ip: request.ip,
    });
    return repository.updateWithdrawal(trx, created.id, {
      amount_hold_id: amountHold.holdId,
      fee_hold_id: feeHold?.holdId ?? null,
      review_item_id: item.id,
      updated_at: now,
    });
  });
  return toWireWithdrawal(deps, row, request.language);
}

export async function listWithdrawals(
  deps: Pick<WithdrawalsDeps, 'db' | 'chain'>,
  userId: string,
  query: { page: number; size: number },
  language: Language,
): Promise<TWithdrawalList> {
  const { rows, total } = await repository.listUserWithdrawals(deps.db, userId, query.page, query.size);
  return { items: rows.map((row) => toWireWithdrawal(deps, row, language)), total, page: query.page, size: query.size };
}
