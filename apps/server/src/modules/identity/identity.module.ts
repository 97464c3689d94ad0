import type { AppModule } from '../../platform/module.js';
import type { GoogleOptions } from './google-sign-in.js';
import { identityPlugin } from './identity.plugin.js';
import { createIdentityService, type IdentityOptions, type IdentityService } from './identity.service.js';
import type { IdentityDb } from './identity.tables.js';
import type { WalletRouteOptions } from './wallet.routes.js';

export type IdentityModuleDeps = {
  db: IdentityDb;
  apiPrefix: string;
  options: IdentityOptions;
  google: GoogleOptions;
  wallet: Omit<WalletRouteOptions, 'db'>;
};

/** Users, sessions and the guard, e-mail codes, passwords, TOTP, captcha, Google and wallet sign-in. */
export function createIdentityModule(deps: IdentityModuleDeps): AppModule<IdentityService> {
  const service = createIdentityService(deps.db, deps.options);
  return {
    name: 'identity',
    service,
    register: async (app) => {
      await app.register(identityPlugin, {
        prefix: deps.apiPrefix,
        identity: service,
        db: deps.db,
        google: deps.google,
        wallet: { ...deps.wallet, db: deps.db },
      });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
