export { AWAY_NOTICE_EVERY_MS } from './agent-inbox.js';
export { SANDBOX_CANNED_REPLIES } from './seed-canned-replies.js';
export type {
  SupportDb,
  SupportIdentity,
  SupportKyc,
  SupportUploads,
  SupportUserFacts,
} from './support.context.js';
export { createSupportModule, type SupportModuleDeps, type SupportService } from './support.module.js';
export type { SupportTables } from './support.tables.js';
