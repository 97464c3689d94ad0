import { declareRoute } from '../http/route-declaration.js';
import { ZFaucetRequest, ZFaucetResponse } from './faucet.contracts.js';
import { faucetEndpoints } from './faucet.endpoints.js';

/** The sandbox faucet as the server declares it (served only by a sandbox running its local chain). */
export const faucetRoutes = {
  faucet: declareRoute(faucetEndpoints.faucet, {
    summary:
      'Sandbox only: sends free test USDT, USDC (at most 100000) or ETH (at most 10) to an address on the sandbox chain; not served in production',
    tags: ['payments'],
    body: ZFaucetRequest,
    response: ZFaucetResponse,
    fieldErrors: { 'body.address': 'FAUCET_ADDRESS_INVALID', 'body.amount': 'FAUCET_AMOUNT_INVALID' },
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
};
