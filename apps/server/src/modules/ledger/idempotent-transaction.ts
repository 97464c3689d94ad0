import type { Transaction } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';

/** The unique key of `ledger_transfers.idempotency_key` (migration 0004). */
const IDEMPOTENCY_KEY_CONSTRAINT = 'ledger_transfers_idempotency_key_key';

/** Whether the database refused a transfer because another transfer took the same key first. */
export function isIdempotencyRace(error: unknown): boolean {
  const fields = error as { code?: unknown; constraint?: unknown };
  return fields.code === '23505' && fields.constraint === IDEMPOTENCY_KEY_CONSTRAINT;
}

/**
 * Runs a transaction that moves money under an idempotency key. Two requests with the same key
 * at once both find no earlier transfer (each reads before the other commits); the unique key
 * refuses the second one's write. That loser runs once more: its second run finds the winner's
 * committed transfer and answers it, exactly as a sequential replay does, instead of a 500 (#13).
 * A deadlock victim runs again too (`inRetriedTransaction`).
 */
export async function inIdempotentTransaction<Tables, T>(
  db: DbView<Tables>,
  run: (trx: Transaction<Tables>) => Promise<T>,
): Promise<T> {
  try {
    return await inRetriedTransaction(db, run);
  } catch (error) {
    if (!isIdempotencyRace(error)) throw error;
    return inRetriedTransaction(db, run);
  }
}
