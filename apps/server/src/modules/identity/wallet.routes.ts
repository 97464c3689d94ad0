import { identityRoutes } from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { defineRoute } from '../../platform/http/route.js';
import type { IdentityService } from './identity.service.js';
import type { IdentityDb as Db } from './identity.tables.js';
import { createWalletSignIn, type RequestOrigin } from './wallet-sign-in.js';

export type WalletRouteOptions = {
  db: Db;
  clock: Clock;
  /** PUBLIC_ORIGIN */
  publicOrigin: string | undefined;
  /** WALLET_ALLOW_TESTNETS */
  allowTestnets: boolean;
};

function origin(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, host: request.host };
}

function meta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip };
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

  defineRoute(app, identityRoutes.walletNonce, ({ body, request }) => wallet.issueNonce(body, origin(request)));

  defineRoute(app, identityRoutes.walletLogin, ({ body, request }) =>
    wallet.login(body, origin(request), request.book, meta(request)),
  );
}
