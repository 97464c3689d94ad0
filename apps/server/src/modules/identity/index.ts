export { createIdentityModule, type IdentityModuleDeps } from './identity.module.js';
export {
  activeUsersWithAnyRole,
  countUsers,
  findUserIdByName,
  invitedUserIds,
  isUserOnline,
  setKycStatus,
  supportUserFacts,
  userCounts,
  userExists,
  userLevel,
  userNamesByIds,
} from './identity.repository.js';
export {
  type AdministeredUser,
  type AdministeredUserProfile,
  type AuthenticatedUser,
  createIdentityService,
  type IdentityService,
  type OperatorAction,
  type RealNameSource,
  type RevokedSessions,
  SESSION_CACHE_TTL_MS,
  type UserAdministrationDb,
  type UserMoney,
  type UserMoneySource,
  type UserSession,
} from './identity.service.js';
export type { IdentityTables } from './identity.tables.js';
