import { DEPOSIT_WATCHER_REASONS } from '@openbourse/contracts';
import { Decimal, parseAmount } from '@openbourse/money';
import type { Transaction } from 'kysely';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type TransferResult, transferBatch } from '../ledger/index.js';
import { notifyUser, notifyUsers } from '../notify/index.js';
import { recordReferralSteps } from '../referral/index.js';
import { ASSET_DECIMALS, clearingOf, type DepositsContext, type DepositsDbTables } from './deposits.context.js';
import {
  type DepositRow,
  lockConfirmedBelowMinimum,
  lockDeposit,
  lockDeposits,
  lockOtherPathRecords,
  markDepositsCredited,
  updateDeposit,
} from './deposits.repository.js';
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
  if (!locked || !isCreditable(locked)) return false;
  return (await creditLockedDeposits(trx, context, [{ deposit: locked, idempotencyKey }])) > 0;
}

/** Credited already (a replay, another path), rejected, or orphaned by a reorg: nothing moves. */
const isCreditable = (deposit: DepositRow) =>
  deposit.status !== 'credited' && deposit.status !== 'rejected' && deposit.status !== 'orphaned';

/**
 * The credit of creditLocked for deposits the caller has locked and found creditable, all in one
 * go: one ledger batch (each transfer under its own key), one update of the records, one insert
 * of the notifications. A block's thousand deposits cost a few statements, not thousands.
 */
async function creditLockedDeposits(
  trx: Trx,
  context: Pick<DepositsContext, 'clock'>,
  requested: { deposit: DepositRow; idempotencyKey: string }[],
): Promise<number> {
  const credits = await oncePerTransfer(trx, context, requested);
  if (credits.length === 0) return 0;
  const moved = await transferBatch(
    trx,
    credits.map(({ deposit, idempotencyKey }) => {
      const decimals = ASSET_DECIMALS[deposit.asset];
      if (decimals === undefined) throw new Error(`deposit ${deposit.id}: unknown asset ${deposit.asset}`);
      return {
        book: 'live' as const,
        asset: deposit.asset,
        from: clearingOf(deposit.network),
        to: { kind: 'available' as const, userId: deposit.userId },
        amount: parseAmount(deposit.amount, decimals),
        reason: 'deposit' as const,
        reference: { type: 'deposit', id: deposit.id },
        idempotencyKey,
      };
    }),
  );
  await markDepositsCredited(
    trx,
    credits.map(({ deposit }, index) => ({ id: deposit.id, transferId: (moved[index] as TransferResult).id })),
    context.clock.now(),
  );
  // An invited user's first credited deposit is the invite programme's Fund step (kept once).
  await recordReferralSteps(
    trx,
    credits.map(({ deposit }) => deposit.userId),
    'fund',
  );
  await notifyUsers<'deposit_received'>(
    trx,
    credits.map(({ deposit }) => ({
      userId: deposit.userId,
      template: 'deposit_received' as const,
      params: {
        amount: deposit.amount,
        asset: deposit.asset,
        network: deposit.network,
        txHash: deposit.txHash ?? `claim${deposit.id.padStart(8, '0')}`,
      },
    })),
  );
  return credits.length;
}

/**
 * A transfer is credited once, whichever path saw it: a manual claim is refused (10171,
 * DEPOSIT_HASH_RECORDED) when a chain record of its hash was credited, and a chain record whose
 * hash a manual claim had credited (the user claimed before the confirmations, an operator
 * approved) is closed as rejected, `credited_by_claim`, instead of credited again. The other
 * path's records are locked first, so a watcher and an approval at once see each other.
 */
async function oncePerTransfer(
  trx: Trx,
  context: Pick<DepositsContext, 'clock'>,
  credits: { deposit: DepositRow; idempotencyKey: string }[],
): Promise<{ deposit: DepositRow; idempotencyKey: string }[]> {
  const keyOf = (deposit: DepositRow) => `${deposit.network}:${deposit.txHash}`;
  const withHash = (source: 'manual' | 'chain') =>
    credits
      .map(({ deposit }) => deposit)
      .filter((deposit) => deposit.txHash !== null && (deposit.source === 'manual') === (source === 'manual'))
      .map((deposit) => ({ network: deposit.network, txHash: deposit.txHash as string }));
  const chainCredited = new Set(
    (await lockOtherPathRecords(trx, withHash('manual'), 'chain'))
      .filter((deposit) => deposit.status === 'credited')
      .map(keyOf),
  );
  if (credits.some(({ deposit }) => deposit.source === 'manual' && chainCredited.has(keyOf(deposit)))) {
    throw new AppError('DEPOSIT_HASH_RECORDED');
  }
  const claimCredited = new Set(
    (await lockOtherPathRecords(trx, withHash('chain'), 'manual'))
      .filter((deposit) => deposit.status === 'credited')
      .map(keyOf),
  );
  const at = context.clock.now();
  const kept = [];
  for (const credit of credits) {
    if (credit.deposit.source !== 'manual' && claimCredited.has(keyOf(credit.deposit))) {
      await updateDeposit(trx, credit.deposit.id, {
        status: 'rejected',
        reason: DEPOSIT_WATCHER_REASONS.creditedByClaim,
        ...(credit.deposit.confirmedAt ? {} : { confirmedAt: at }),
        at,
      });
    } else {
      kept.push(credit);
    }
  }
  return kept;
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
  return creditLockedDeposits(
    trx,
    context,
    pending.filter(isCreditable).map((deposit) => ({ deposit, idempotencyKey: chainCreditKey(deposit) })),
  );
}

/**
 * Deposits confirmed in one transaction at most: a block's thousand credits in a few statements,
 * while the locks on many users' accounts are held only briefly.
 */
const CONFIRM_BATCH = 500;

/**
 * The watchers' confirmation of chain deposits (their blocks deep enough and still canonical),
 * in transactions of up to CONFIRM_BATCH: at or above the minimum they are credited together;
 * below, each stays recorded (status below_minimum), the user is told, an operator may decide it
 * in the `deposit` queue, and it is credited with the user's other small deposits of the asset
 * once together they reach the minimum. A deposit already confirmed is left alone (restarts, a second
 * instance): the records are locked first.
 */
export async function confirmDeposits(context: DepositsContext, depositIds: readonly string[]): Promise<void> {
  for (let start = 0; start < depositIds.length; start += CONFIRM_BATCH) {
    await confirmBatch(context, depositIds.slice(start, start + CONFIRM_BATCH));
  }
}

async function confirmBatch(context: DepositsContext, depositIds: string[]): Promise<void> {
  await inRetriedTransaction(context.db, async (trx) => {
    const due = (await lockDeposits(trx, depositIds)).filter(
      (deposit) => deposit.confirmedAt === null && (deposit.status === 'pending' || deposit.status === 'below_minimum'),
    );
    const minimums = new Map<string, string>();
    for (const deposit of due) {
      if (!minimums.has(deposit.asset)) {
        minimums.set(deposit.asset, (await findAssetSettings(trx, deposit.asset))?.depositMinimum ?? '0');
      }
    }
    const minimumOf = (deposit: DepositRow) => minimums.get(deposit.asset) ?? '0';
    const isBelow = (deposit: DepositRow) => Decimal.parse(deposit.amount).lt(Decimal.parse(minimumOf(deposit)));
    await creditLockedDeposits(
      trx,
      context,
      due
        .filter((deposit) => !isBelow(deposit))
        .map((deposit) => ({ deposit, idempotencyKey: chainCreditKey(deposit) })),
    );
    for (const deposit of due.filter(isBelow)) await keepBelowMinimum(trx, context, deposit, minimumOf(deposit));
  });
}

/** A confirmed deposit under the minimum: recorded, told, queued for an operator, maybe credited. */
async function keepBelowMinimum(trx: Trx, context: DepositsContext, deposit: DepositRow, minimum: string) {
  const at = context.clock.now();
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
}
