import type { Transaction } from 'kysely';
import type { DbView } from './database.js';

/**
 * PostgreSQL's answers to a transaction that lost a lock race and was rolled back whole:
 * 40P01 (deadlock detected) and 40001 (serialization failure). Running it again is what
 * PostgreSQL's documentation prescribes; nothing of the first run was committed.
 */
const TRANSIENT_CONFLICT_CODES = new Set(['40P01', '40001']);

export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CONFLICT_CODES.has(code);
}

/** Tries in all, the first run included; a conflict this persistent is a bug to see, not hide. */
const MAX_ATTEMPTS = 4;

/**
 * Runs `run` in a transaction of its own, and again (up to four times in all) when PostgreSQL
 * rolled it back as a deadlock victim or a serialization failure (#13: bursts of opens and
 * closes on one user's accounts met in a deadlock now and then, and the loser answered 500).
 * `run` must be safe to repeat: its effects are its statements, and whatever it does outside
 * the database happens after this returns.
 */
export async function inRetriedTransaction<Tables, T>(
  db: DbView<Tables>,
  run: (trx: Transaction<Tables>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(run);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isTransientConflict(error)) throw error;
      // A short pause, longer each time, lets the winner commit before the retry queues again.
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}
