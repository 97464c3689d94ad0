import { ZLoginResult, ZWalletLoginRequest, ZWalletNonceRequest, ZWalletNonceResponse } from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { defineRoute } from '../../platform/http/route.js';
import type { IdentityService } from './identity.service.js';
import type { IdentityDb as Db } from './identity.tables.js';
import { createWalletSignIn, type RequestOrigin, WALLET_NONCES_PER_ADDRESS_PER_MINUTE } from './wallet-sign-in.js';

export type WalletRouteOptions = {
  db: Db;
  clock: Clock;
  /** PUBLIC_ORIGIN */
  publicOrigin: string | undefined;
  /** WALLET_ALLOW_TESTNETS */
  allowTestnets: boolean;
};

const tags = ['identity'];
const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

function origin(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, host: request.host };
}

function meta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : null };
}

export function registerWalletRoutes(
  app: FastifyInstance,
  identity: IdentityService,
  options: WalletRouteOptions,
): void {
  const wallet = createWalletSignIn(options.db, {
    clock: options.clock,
    publicOrigin: options.publicOrigin,
    allowTestnets: options.allowTestnets,
    finishSignIn: identity.finishSignIn,
    uniqueInviteCode: identity.uniqueInviteCode,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/walletNonce',
    auth: 'public',
    tags,
    summary:
      `Issue a one-time nonce (valid 5 minutes) and the exact message for a wallet to sign: EIP-4361 for Ethereum, ` +
      `plain text for TronLink's signMessageV2; at most ${WALLET_NONCES_PER_ADDRESS_PER_MINUTE} per address a minute`,
    body: ZWalletNonceRequest,
    response: ZWalletNonceResponse,
    rateLimit: perMinute(20),
    handler: ({ body, request }) => wallet.issueNonce(body, origin(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/walletLogin',
    auth: 'public',
    tags,
    summary:
      'Sign in with a signed wallet message, creating the account (named by the address) on first use; ' +
      'each nonce allows one attempt; answers like login',
    body: ZWalletLoginRequest,
    response: ZLoginResult,
    rateLimit: perMinute(20),
    handler: ({ body, request }) => wallet.login(body, origin(request), request.book, meta(request)),
  });
}
