export { createIdentityModule, type IdentityModuleDeps } from './identity.module.js';
export { countUsers, invitedUserIds, userExists } from './identity.repository.js';
export {
  type AuthenticatedUser,
  createIdentityService,
  type IdentityService,
  type UserMoney,
  type UserMoneySource,
} from './identity.service.js';
export type { IdentityTables } from './identity.tables.js';
