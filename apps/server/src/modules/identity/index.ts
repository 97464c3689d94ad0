export { identityPlugin } from './identity.plugin.js';
export { type AuthenticatedUser, createIdentityService, type IdentityService } from './identity.service.js';
