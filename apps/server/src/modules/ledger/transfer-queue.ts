import { createGroupCommit } from '../../platform/db/group-commit.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { type TransferInput, type TransferResult, transferBatch } from './ledger.service.js';
import type { LedgerDb as Db } from './ledger.tables.js';

/**
 * A single writer for transfers that need no business change in the same transaction
 * (settlements, fee sweeps, imports, bulk jobs): callers' batches are group-committed
 * (platform/db/group-commit.ts), thousands of transfers in one lock pass, one write statement
 * and one commit. Every caller's batch stays all-or-nothing: a merged transaction is one
 * `transferBatch`, and when it fails each caller's batch is written again on its own.
 */
export type TransferQueue = {
  submit(inputs: TransferInput[]): Promise<TransferResult[]>;
  /** Resolves once everything submitted so far has been written or refused. */
  drain(): Promise<void>;
};

export function createTransferQueue(db: Db, options: { maxTransfersPerCommit?: number } = {}): TransferQueue {
  const group = createGroupCommit<TransferInput[], TransferResult[]>({
    maxWeight: options.maxTransfersPerCommit ?? 2000,
    weight: (inputs) => inputs.length,
    write: async (batches) => {
      const results = await inRetriedTransaction(db, (trx) => transferBatch(trx, batches.flat()));
      let offset = 0;
      return batches.map((inputs) => {
        offset += inputs.length;
        return { ok: true, value: results.slice(offset - inputs.length, offset) };
      });
    },
  });
  return {
    submit: (inputs) => (inputs.length === 0 ? Promise.resolve([]) : group.submit(inputs)),
    drain: () => group.drain(),
  };
}
