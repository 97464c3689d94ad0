export { type AdminModuleDeps, createAdminModule } from './admin.module.js';
export type { AdminUserAdministration, AdminUserDirectory } from './admin.types.js';
