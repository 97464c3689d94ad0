import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { AppModule } from '../../platform/module.js';
import { contentPlugin } from './content.plugin.js';
import { type ContentService, type ContentServiceOptions, createContentService } from './content.service.js';
import { type ContentAdminDb, createContentAdministration } from './content-admin.js';
import { contentAdminPlugin } from './content-admin.routes.js';

export type ContentModuleDeps = ContentServiceOptions & {
  db: ContentAdminDb;
  apiPrefix: string;
  adminPrefix: string;
  /** Carries "content changed" to every instance, so each forgets its cached answers (#14). */
  bus: ClusterBus;
};

/** Every instance hears this (the sender too) when an operator changes content. */
const CONTENT_CHANGED_TOPIC = 'content:changed';

/** Help centre, policies, params, settings, links and customer-service channels; the content editor. */
export function createContentModule(deps: ContentModuleDeps): AppModule<ContentService> {
  const { db, apiPrefix, adminPrefix, bus, ...options } = deps;
  const service = createContentService(db, options);
  bus.subscribe(CONTENT_CHANGED_TOPIC, () => service.clearCache());
  const administration = createContentAdministration(db, () => {
    // Here at once (the operator's next read shows the change), elsewhere as the bus carries it.
    service.clearCache();
    bus.publish(CONTENT_CHANGED_TOPIC, {});
  });
  return {
    name: 'content',
    service,
    register: async (app) => {
      await app.register(contentPlugin, { prefix: apiPrefix, content: service });
      await app.register(contentAdminPlugin, { prefix: adminPrefix, administration });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
