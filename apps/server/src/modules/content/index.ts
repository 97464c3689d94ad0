export { contentPlugin } from './content.plugin.js';
export { type ContentService, createContentService, seedContent } from './content.service.js';
