import { contentAdminRoutes as routes } from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Caller, defineRoute } from '../../platform/http/route.js';
import type { ContentAdministration, OperatorAction } from './content-admin.js';

/** The content editor's routes (#14), under the back-office prefix; thin over `content-admin.ts`. */
export async function contentAdminPlugin(
  app: FastifyInstance,
  options: { administration: ContentAdministration },
): Promise<void> {
  const admin = options.administration;
  const act = (request: FastifyRequest, caller: Caller, reason?: string): OperatorAction => ({
    operatorId: caller.id,
    requestId: request.id,
    ip: request.ip,
    ...(reason === undefined ? {} : { reason }),
  });

  defineRoute(app, routes.items, ({ query }) => admin.listItems(query));
  defineRoute(app, routes.item, ({ params }) => admin.getItem(params.id));
  defineRoute(app, routes.createItem, ({ body, request, caller }) => {
    const { reason, ...input } = body;
    return admin.createItem(act(request, caller, reason), input);
  });
  defineRoute(app, routes.updateItem, ({ params, body, request, caller }) => {
    const { reason, ...changes } = body;
    return admin.updateItem(act(request, caller, reason), params.id, changes);
  });
  defineRoute(app, routes.saveTranslation, ({ params, body, request, caller }) =>
    admin.saveTranslation(act(request, caller, body.reason), params.id, params.lang, {
      title: body.title,
      body: body.body,
    }),
  );
  defineRoute(app, routes.deleteTranslation, ({ params, query, request, caller }) =>
    admin.deleteTranslation(act(request, caller, query.reason), params.id, params.lang),
  );
  defineRoute(app, routes.preview, async ({ body }) => admin.preview(body.markdown));
  defineRoute(app, routes.links, () => admin.listLinks());
  defineRoute(app, routes.saveLink, ({ params, body, request, caller }) =>
    admin.saveLink(act(request, caller, body.reason), params.type, body.url),
  );
  defineRoute(app, routes.params, () => admin.listParams());
  defineRoute(app, routes.saveParam, ({ params, body, request, caller }) =>
    admin.saveParam(act(request, caller, body.reason), params.key, {
      value: body.value,
      ...(body.description === undefined ? {} : { description: body.description }),
    }),
  );
  defineRoute(app, routes.settings, () => admin.listSettings());
  defineRoute(app, routes.saveSetting, ({ params, body, request, caller }) =>
    admin.saveSetting(act(request, caller, body.reason), params.key, { value: body.value, isPublic: body.isPublic }),
  );
}
