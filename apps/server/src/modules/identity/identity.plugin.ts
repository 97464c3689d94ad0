import type { FastifyInstance } from 'fastify';
import { registerIdentityRoutes } from './identity.routes.js';
import type { IdentityService } from './identity.service.js';

export async function identityPlugin(app: FastifyInstance, options: { identity: IdentityService }): Promise<void> {
  registerIdentityRoutes(app, options.identity);
}
