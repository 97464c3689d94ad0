import type { AppModule } from '../../platform/module.js';
import { depositsAdminPlugin, depositsUserPlugin } from './deposits.routes.js';
import { createDepositsRuntime, type DepositsModuleDeps, type DepositsRuntime } from './deposits.runtime.js';
import type { FaucetChain } from './faucet.js';
import { registerFaucetRoute } from './faucet.routes.js';
import type { PaymentSettingsDb } from './payment-settings.js';
import { paymentsAdminPlugin } from './payments.routes.js';
import { fundSandboxGas } from './sandbox-gas.js';
import type { WithdrawalsDeps } from './withdrawals.context.js';
import { createWithdrawals, type Withdrawals } from './withdrawals.js';

export type PaymentsModuleDeps = {
  db: PaymentSettingsDb;
  adminPrefix: string;
  /** Deposits (issue 15): addresses, watcher, wallet links, claims, sweeper. */
  deposits?: DepositsModuleDeps;
  /** Withdrawals (issue 15): address book, requests, the review kind, the signer (worker role). */
  withdrawals?: WithdrawalsDeps & { worker: boolean };
  /** The sandbox faucet (issue 15): served only in a sandbox whose local chain node runs here. */
  faucet?: { chain: FaucetChain; apiPrefix: string; deploymentMode: 'sandbox' | 'production'; localChain: boolean };
  /** A sandbox worker with its local chain: the wallets that pay gas get test ETH (sandbox-gas.ts). */
  sandboxGas?: {
    chain: Parameters<typeof fundSandboxGas>[0];
    wallets: `0x${string}`[];
    log: Parameters<typeof fundSandboxGas>[2] & { error(object: object, message: string): void };
  };
};

/**
 * Payments (the payments issue builds deposits and withdrawals here). Issue 14 gives it its
 * settings: deposit minimums and withdrawal minimum, maximum and fee rate per asset, which
 * operators change in the back office and the payments issue reads (`findAssetSettings`).
 */
export function createPaymentsModule(
  deps: PaymentsModuleDeps,
): AppModule<{ deposits: DepositsRuntime | null; withdrawals: Withdrawals | null }> {
  const deposits = deps.deposits ? createDepositsRuntime(deps.deposits) : null;
  const withdrawals = deps.withdrawals ? createWithdrawals(deps.withdrawals) : null;
  return {
    name: 'payments',
    service: { deposits, withdrawals },
    register: async (app) => {
      await app.register(paymentsAdminPlugin, { prefix: deps.adminPrefix, db: deps.db });
      if (deposits && deps.deposits) {
        await app.register(depositsUserPlugin, { prefix: deps.deposits.apiPrefix, context: deposits.context });
        await app.register(depositsAdminPlugin, {
          prefix: deps.adminPrefix,
          context: deposits.context,
          hotWalletAddress: deps.deposits.hotWalletAddress,
        });
      }
      await withdrawals?.register(app);
      if (deps.faucet) {
        await registerFaucetRoute(app, deps.faucet.chain, {
          prefix: deps.faucet.apiPrefix,
          deploymentMode: deps.faucet.deploymentMode,
          localChain: deps.faucet.localChain,
        });
      }
    },
    start: async () => {
      const gas = deps.sandboxGas;
      if (gas) {
        // In the background: the local node starts after the server listens.
        fundSandboxGas(gas.chain, gas.wallets, gas.log).catch((error: unknown) =>
          gas.log.error({ err: error }, 'sandbox chain: funding gas failed'),
        );
      }
      deposits?.start();
      if (deps.withdrawals?.worker) await withdrawals?.start();
    },
    stop: async () => {
      await withdrawals?.stop();
      await deposits?.stop();
    },
    publishes: [],
    subscribes: [],
  };
}
