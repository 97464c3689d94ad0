import type { FastifyInstance } from 'fastify';
import { connectionStringOf } from '../../platform/db/database.js';
import type { ReviewKindHandler } from '../review/index.js';
import { createWithdrawalReviewHandler } from './withdrawal-review.js';
import { createWithdrawalSigner, type WithdrawalSigner } from './withdrawal-signer.js';
import type { WithdrawalsDeps } from './withdrawals.context.js';
import { withdrawalsPlugin } from './withdrawals.routes.js';

export type Withdrawals = {
  /** Registers the customer routes (under deps.apiPrefix). */
  register(app: FastifyInstance): Promise<void>;
  /** The `withdrawal` review kind: register it with the review service. */
  reviewHandler: ReviewKindHandler;
  /** The signer, where this process holds WITHDRAWAL_SIGNER_KEY and a chain is configured; else null. */
  signer: WithdrawalSigner | null;
  /** Starts the signer (if any). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Withdrawals (issue 15): the address book, requests held in the ledger and queued for review,
 * the review kind, and the signer in the worker role. The payments module creates it and calls
 * register / start / stop; the composition root registers `reviewHandler` with the review service.
 */
export function createWithdrawals(deps: WithdrawalsDeps): Withdrawals {
  const key = deps.config.signerKey ?? undefined;
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new Error('WITHDRAWAL_SIGNER_KEY: a private key (0x + 64 hex digits)');
  }
  const signerKey = key as `0x${string}` | undefined;
  const lockConnectionString = deps.config.lockConnectionString || connectionStringOf(deps.db);
  if (signerKey && deps.chain && !lockConnectionString) {
    deps.log.warn({}, 'withdrawal signer not started: no connection string for its lock');
  }
  const signer =
    signerKey && deps.chain && lockConnectionString
      ? createWithdrawalSigner({
          db: deps.db,
          clock: deps.clock,
          log: deps.log,
          alerts: deps.alerts,
          config: deps.config,
          chain: deps.chain,
          signerKey,
          lockConnectionString,
        })
      : null;
  return {
    register: async (app) => {
      await app.register(withdrawalsPlugin, { prefix: deps.apiPrefix, deps });
    },
    reviewHandler: createWithdrawalReviewHandler({ db: deps.db, now: () => deps.clock.now() }),
    signer,
    start: async () => {
      await signer?.start();
    },
    stop: async () => {
      await signer?.stop();
    },
  };
}
