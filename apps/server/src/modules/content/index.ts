export { type ContentModuleDeps, createContentModule } from './content.module.js';
export type { ContentService } from './content.service.js';
export { seedContent } from './content.service.js';
export type { ContentTables } from './content.tables.js';
