import type { Db } from '../../platform/db/database.js';
import { type TransferInput, type TransferResult, transferBatch } from './ledger.service.js';

/**
 * A single writer for transfers that need no business change in the same transaction
 * (settlements, fee sweeps, imports, bulk jobs). Callers' batches queue up and the writer
 * commits as many as fit into one database transaction: one lock pass, one write statement and
 * one commit for thousands of transfers, and no lock waits between writers because there is
 * one. This is TigerBeetle's lesson: the cost of a transfer is mostly its transaction's cost.
 *
 * Every caller's batch stays all-or-nothing. When a merged transaction fails (one caller's
 * transfer is refused, say), the writer runs each caller's batch again in a transaction of its
 * own, so one bad request never fails the others.
 */
export type TransferQueue = {
  submit(inputs: TransferInput[]): Promise<TransferResult[]>;
  /** Resolves once everything submitted so far has been written or refused. */
  drain(): Promise<void>;
};

type Pending = {
  inputs: TransferInput[];
  resolve: (results: TransferResult[]) => void;
  reject: (error: unknown) => void;
};

export function createTransferQueue(db: Db, options: { maxTransfersPerCommit?: number } = {}): TransferQueue {
  const maxTransfers = options.maxTransfersPerCommit ?? 2000;
  const queue: Pending[] = [];
  let writing: Promise<void> | null = null;

  async function writeMerged(group: Pending[]): Promise<void> {
    try {
      const results = await db.transaction().execute((trx) =>
        transferBatch(
          trx,
          group.flatMap((p) => p.inputs),
        ),
      );
      let offset = 0;
      for (const pending of group) {
        pending.resolve(results.slice(offset, offset + pending.inputs.length));
        offset += pending.inputs.length;
      }
    } catch (mergedError) {
      if (group.length === 1) {
        group[0]?.reject(mergedError);
        return;
      }
      for (const pending of group) {
        try {
          pending.resolve(await db.transaction().execute((trx) => transferBatch(trx, pending.inputs)));
        } catch (error) {
          pending.reject(error);
        }
      }
    }
  }

  async function writeLoop(): Promise<void> {
    while (queue.length > 0) {
      const group: Pending[] = [];
      let count = 0;
      while (queue.length > 0 && (group.length === 0 || count + (queue[0]?.inputs.length ?? 0) <= maxTransfers)) {
        const next = queue.shift() as Pending;
        group.push(next);
        count += next.inputs.length;
      }
      await writeMerged(group);
    }
    writing = null;
  }

  return {
    submit(inputs) {
      if (inputs.length === 0) return Promise.resolve([]);
      return new Promise<TransferResult[]>((resolve, reject) => {
        queue.push({ inputs, resolve, reject });
        writing ??= writeLoop();
      });
    },
    async drain() {
      while (writing) await writing;
    },
  };
}
