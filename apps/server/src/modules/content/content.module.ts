import type { AppModule } from '../../platform/module.js';
import { contentPlugin } from './content.plugin.js';
import {
  type ContentDb,
  type ContentService,
  type ContentServiceOptions,
  createContentService,
} from './content.service.js';

export type ContentModuleDeps = ContentServiceOptions & { db: ContentDb; apiPrefix: string };

/** Help centre, policies, params, settings, links and customer-service channels. */
export function createContentModule(deps: ContentModuleDeps): AppModule<ContentService> {
  const { db, apiPrefix, ...options } = deps;
  const service = createContentService(db, options);
  return {
    name: 'content',
    service,
    register: async (app) => {
      await app.register(contentPlugin, { prefix: apiPrefix, content: service });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
