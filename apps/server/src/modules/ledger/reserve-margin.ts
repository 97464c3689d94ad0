import type { Book } from '@openbourse/contracts';
import type { DbView } from '../../platform/db/database.js';
import { holdBatch, lockAvailableBalances, ownerBalanceKey, subaccountAccounts } from './ledger.service.js';
import type { LedgerTables } from './ledger.tables.js';

/**
 * Reserving the margin of new positions (and paying their fees), for many owners in one
 * transaction (trading's group-committed opens).
 *
 * It belongs to the ledger, not to trading: deciding on several users' money at once needs their
 * accounts locked in the ledger's order (the one every transfer uses, so it never deadlocks with
 * one), each owner's balance carried from one reservation to the next, and the holds and fees
 * written as one batch — all of it the ledger's internals. Trading brings only what it alone
 * knows: whether a position's free margin (the balance less the open positions' unrealised loss)
 * covers it.
 */

export type MarginReservation = {
  book: Book;
  userId: string;
  /** The subaccount that funds it: the user's own (''), or a smart plan's (issue 18). */
  subaccount: string;
  /** Moved available → held until the position closes. */
  margin: bigint;
  /** Moved available → fees now (0 for none). */
  fee: bigint;
  reference: { type: string; id: string };
  holdKey: string;
  feeKey: string;
};

/**
 * Answers whether an owner can afford a reservation given `available`, their available balance
 * once the reservations accepted before this one in the batch are taken out. Called in the
 * batch's order, with the accounts locked, so what it reads beside the balance is current too.
 */
export type FreeMarginCheck<R> = (reservation: R, available: bigint) => boolean | Promise<boolean>;

/** A reservation's hold, or null when the check refused it (nothing moved for it). */
export type MarginReserved = { holdId: string } | null;

export async function reserveMargins<R extends MarginReservation>(
  trx: DbView<LedgerTables>,
  asset: string,
  reservations: R[],
  hasFreeMargin: FreeMarginCheck<R>,
): Promise<MarginReserved[]> {
  const available = await lockAvailableBalances(trx, asset, reservations);
  const accepted: R[] = [];
  const isAccepted: boolean[] = [];
  for (const reservation of reservations) {
    const key = ownerBalanceKey(reservation);
    const left = available.get(key) ?? 0n;
    const affordable = await hasFreeMargin(reservation, left);
    isAccepted.push(affordable);
    if (!affordable) continue;
    available.set(key, left - reservation.margin - reservation.fee);
    accepted.push(reservation);
  }
  if (accepted.length === 0) return reservations.map(() => null);
  const { holds } = await holdBatch(
    trx,
    accepted.map((reservation) => ({
      book: reservation.book,
      asset,
      userId: reservation.userId,
      subaccount: reservation.subaccount,
      amount: reservation.margin,
      reason: 'trade_margin_hold' as const,
      reference: reservation.reference,
      idempotencyKey: reservation.holdKey,
    })),
    accepted
      .filter((reservation) => reservation.fee > 0n)
      .map((reservation) => ({
        book: reservation.book,
        asset,
        from: subaccountAccounts(reservation.userId, reservation.subaccount).available,
        to: { kind: 'fees' as const },
        amount: reservation.fee,
        reason: 'trade_fee' as const,
        reference: reservation.reference,
        idempotencyKey: reservation.feeKey,
      })),
  );
  let next = 0;
  return isAccepted.map((ok) => {
    if (!ok) return null;
    const held = holds[next++];
    if (!held) throw new Error('hold missing for an accepted reservation');
    return { holdId: held.holdId };
  });
}
