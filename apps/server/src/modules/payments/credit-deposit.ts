import { Decimal, parseAmount } from '@openbourse/money';
import type { Transaction } from 'kysely';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { transfer } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import { ASSET_DECIMALS, clearingOf, type DepositsContext, type DepositsDbTables } from './deposits.context.js';
import { type DepositRow, lockConfirmedBelowMinimum, lockDeposit, updateDeposit } from './deposits.repository.js';
import { findAssetSettings } from './payments.repository.js';

type Trx = Transaction<DepositsDbTables>;

/** The idempotency key of an on-chain deposit's credit: one per (network, tx hash, log index). */
export const chainCreditKey = (deposit: Pick<DepositRow, 'network' | 'txHash' | 'logIndex'>) =>
  `deposit:${deposit.network}:${deposit.txHash}:${deposit.logIndex}`;

/**
 * Credits one deposit inside the caller's transaction: the ledger transfer from the network's
 * clearing account to the user's available balance (live book, reason `deposit`) under
 * `idempotencyKey`, the record marked credited, and the `deposit_received` notification, all
 * committed together. The record is locked first: a record already credited moves nothing.
 */
export async function creditLocked(
  trx: Trx,
  context: Pick<DepositsContext, 'clock'>,
  deposit: DepositRow,
  idempotencyKey: string,
): Promise<boolean> {
  const locked = await lockDeposit(trx, deposit.id);
  // Credited already (a replay, another path); rejected; or orphaned by a reorg: nothing moves.
  if (!locked || locked.status === 'credited' || locked.status === 'rejected' || locked.status === 'orphaned') {
    return false;
  }
  const decimals = ASSET_DECIMALS[locked.asset];
  if (decimals === undefined) throw new Error(`deposit ${locked.id}: unknown asset ${locked.asset}`);
  const moved = await transfer(trx, {
    book: 'live',
    asset: locked.asset,
    from: clearingOf(locked.network),
    to: { kind: 'available', userId: locked.userId },
    amount: parseAmount(locked.amount, decimals),
    reason: 'deposit',
    reference: { type: 'deposit', id: locked.id },
    idempotencyKey,
  });
  const at = context.clock.now();
  await updateDeposit(trx, locked.id, {
    status: 'credited',
    creditedAt: at,
    creditTransferId: moved.id,
    ...(locked.confirmedAt ? {} : { confirmedAt: at }),
    at,
  });
  await notifyUser(trx, {
    userId: locked.userId,
    template: 'deposit_received',
    params: {
      amount: locked.amount,
      asset: locked.asset,
      network: locked.network,
      txHash: locked.txHash ?? `claim${locked.id.padStart(8, '0')}`,
    },
  });
  return true;
}

/**
 * Credits the user's confirmed below-minimum deposits of an asset (on any network) together once
 * they reach the minimum; each keeps its own chain key, so an operator's later approval of one of
 * them moves nothing again.
 */
export async function creditBelowMinimumIfReached(
  trx: Trx,
  context: Pick<DepositsContext, 'clock'>,
  userId: string,
  asset: string,
): Promise<number> {
  const settings = await findAssetSettings(trx, asset);
  if (!settings) return 0;
  const pending = await lockConfirmedBelowMinimum(trx, userId, asset);
  const total = pending.reduce((sum, deposit) => sum.add(Decimal.parse(deposit.amount)), Decimal.parse('0'));
  if (pending.length === 0 || total.lt(Decimal.parse(settings.depositMinimum))) return 0;
  let credited = 0;
  for (const deposit of pending) {
    if (await creditLocked(trx, context, deposit, chainCreditKey(deposit))) credited += 1;
  }
  return credited;
}

/**
 * The watcher's confirmation of one chain deposit (its block deep enough and still canonical):
 * at or above the minimum it is credited; below, it stays recorded (status below_minimum), the
 * user is told, an operator may decide it in the `deposit` queue, and it is credited with the
 * user's other small deposits of the asset once together they reach the minimum. One
 * transaction; a deposit already confirmed is left alone (restarts, a second instance).
 */
export async function confirmDeposit(context: DepositsContext, depositId: string): Promise<void> {
  await inRetriedTransaction(context.db, async (trx) => {
    const deposit = await lockDeposit(trx, depositId);
    if (!deposit || deposit.confirmedAt !== null) return;
    if (deposit.status !== 'pending' && deposit.status !== 'below_minimum') return;
    const at = context.clock.now();
    const settings = await findAssetSettings(trx, deposit.asset);
    const minimum = settings?.depositMinimum ?? '0';
    const isBelow = Decimal.parse(deposit.amount).lt(Decimal.parse(minimum));
    if (!isBelow) {
      await creditLocked(trx, context, deposit, chainCreditKey(deposit));
      return;
    }
    await updateDeposit(trx, deposit.id, { status: 'below_minimum', confirmedAt: at, at });
    await notifyUser(trx, {
      userId: deposit.userId,
      template: 'deposit_below_minimum',
      params: {
        amount: deposit.amount,
        asset: deposit.asset,
        network: deposit.network,
        txHash: deposit.txHash ?? '',
        minimum,
      },
    });
    await context.reviews.submit(trx, {
      kind: 'deposit',
      sourceKey: `deposit:${deposit.id}`,
      userId: deposit.userId,
      summary: `Below-minimum deposit of ${deposit.amount} ${deposit.asset} on ${deposit.network} (minimum ${minimum})`,
      amount: deposit.amount,
      asset: deposit.asset,
      payload: {
        depositId: deposit.id,
        network: deposit.network,
        txHash: deposit.txHash,
        logIndex: deposit.logIndex,
        belowMinimum: true,
        fileIds: [],
      },
      requestedBy: null,
      requestId: 'chain-watcher',
      ip: null,
    });
    await creditBelowMinimumIfReached(trx, context, deposit.userId, deposit.asset);
  });
}
