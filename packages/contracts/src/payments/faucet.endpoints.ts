import { endpoint, type InputOf, type OutputOf } from '../http/endpoint.js';
import type { ZFaucetRequest, ZFaucetResponse } from './faucet.contracts.js';

/** The sandbox faucet (issue 15), types only; `faucet.routes.ts` adds the schemas. */
export const faucetEndpoints = {
  faucet: endpoint<{ body: InputOf<typeof ZFaucetRequest> }, OutputOf<typeof ZFaucetResponse>, 'public'>(
    'POST',
    '/swx/customer/sandbox/faucet',
    'public',
  ),
};
