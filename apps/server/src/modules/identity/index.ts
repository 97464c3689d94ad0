export { identityPlugin } from './identity.plugin.js';
export { countUsers, invitedUserIds, userExists } from './identity.repository.js';
export { type AuthenticatedUser, createIdentityService, type IdentityService } from './identity.service.js';
export type { IdentityTables } from './identity.tables.js';
