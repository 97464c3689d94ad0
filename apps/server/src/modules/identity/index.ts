export { createIdentityModule, type IdentityModuleDeps } from './identity.module.js';
export {
  countUsers,
  findUserIdByName,
  invitedUserIds,
  userExists,
  userNamesByIds,
} from './identity.repository.js';
export {
  type AdministeredUser,
  type AdministeredUserProfile,
  type AuthenticatedUser,
  createIdentityService,
  type IdentityService,
  type OperatorAction,
  type UserAdministrationDb,
  type UserMoney,
  type UserMoneySource,
} from './identity.service.js';
export type { IdentityTables } from './identity.tables.js';
