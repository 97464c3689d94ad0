import { contentRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { ContentService } from './content.service.js';

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  defineRoute(app, contentRoutes.listContents, ({ request }) => content.listPages(request.language));

  defineRoute(app, contentRoutes.getContentsById, ({ params, request }) =>
    content.getById(params.id, request.language),
  );

  defineRoute(app, contentRoutes.getContentBySlug, ({ params, request }) =>
    content.getBySlug(params.slug, request.language),
  );

  defineRoute(app, contentRoutes.listHelp, ({ query, request }) => content.listHelp(query.kind, request.language));

  defineRoute(app, contentRoutes.searchContents, ({ query, request }) => content.search(query.q, request.language));

  defineRoute(app, contentRoutes.getParamByKey, ({ params }) => content.getParam(params.key));

  defineRoute(app, contentRoutes.getCustomContents, ({ request }) => content.getCustomContents(request.language));

  defineRoute(app, contentRoutes.links, () => content.getSocialLinks());

  defineRoute(app, contentRoutes.customerServiceType, async ({ body }) => content.getCustomerService(body.type));

  defineRoute(app, contentRoutes.customerServiceFooter, async () => content.getCustomerServiceFooter());

  defineRoute(app, contentRoutes.settingsKey, ({ body }) => content.getSetting(body.key));

  defineRoute(app, contentRoutes.settingsPublic, () => content.getPublicSettings());
}
