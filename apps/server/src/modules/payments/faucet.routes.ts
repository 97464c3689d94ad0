import { faucetRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { type FaucetChain, sendFromFaucet } from './faucet.js';

export type FaucetRouteOptions = {
  /** The customer API prefix (/swx/customer). */
  prefix: string;
  deploymentMode: 'sandbox' | 'production';
  /** Whether this instance runs the local sandbox chain (CHAIN_LOCAL_NODE). */
  localChain: boolean;
};

/**
 * Serves `POST /swx/customer/sandbox/faucet` in a sandbox running its local chain; registers
 * nothing otherwise, so production answers the plain 404 envelope. Until the node is up the
 * route answers FAUCET_UNAVAILABLE (503).
 */
export async function registerFaucetRoute(
  app: FastifyInstance,
  chain: FaucetChain,
  options: FaucetRouteOptions,
): Promise<void> {
  if (options.deploymentMode !== 'sandbox' || !options.localChain) return;
  await app.register(
    async (scope) => {
      defineRoute(scope, faucetRoutes.faucet, ({ body }) => sendFromFaucet(chain, body));
    },
    { prefix: options.prefix },
  );
}
