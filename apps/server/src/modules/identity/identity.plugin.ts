import type { FastifyInstance } from 'fastify';
import { registerGoogleRoutes } from './google.routes.js';
import { createGoogleSignIn, type GoogleOptions } from './google-sign-in.js';
import { registerIdentityRoutes } from './identity.routes.js';
import type { IdentityService } from './identity.service.js';
import type { IdentityDb as Db } from './identity.tables.js';
import { registerWalletRoutes, type WalletRouteOptions } from './wallet.routes.js';

export async function identityPlugin(
  app: FastifyInstance,
  options: { identity: IdentityService; wallet: WalletRouteOptions; db: Db; google: GoogleOptions },
): Promise<void> {
  registerIdentityRoutes(app, options.identity);
  registerGoogleRoutes(app, createGoogleSignIn(options.db, options.identity, options.google));
  registerWalletRoutes(app, options.identity, options.wallet);
}
