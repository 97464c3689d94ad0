import { reviewRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { type Caller, defineRoute } from '../../platform/http/route.js';
import type { ReviewService } from './review.service.js';
import type { ReviewActor } from './review.types.js';

function actorOf(caller: Caller, request: { id: string; ip: string }): ReviewActor {
  return { operatorId: caller.id, roles: caller.roles, requestId: request.id, ip: request.ip };
}

function registerReviewRoutes(app: FastifyInstance, service: ReviewService): void {
  defineRoute(app, reviewRoutes.queues, () => service.queues());

  defineRoute(app, reviewRoutes.queue, ({ params, query, request, caller }) =>
    service.list(params.kind, query, request.language, actorOf(caller, request)),
  );

  defineRoute(app, reviewRoutes.claim, ({ params, request, caller }) =>
    service.claim(params.kind, String(params.id), actorOf(caller, request), request.language),
  );

  defineRoute(app, reviewRoutes.approve, ({ params, request, caller }) =>
    service.approve(params.kind, String(params.id), actorOf(caller, request), request.language),
  );

  defineRoute(app, reviewRoutes.reject, ({ params, body, request, caller }) =>
    service.reject(params.kind, String(params.id), body, actorOf(caller, request), request.language),
  );
}

export async function reviewPlugin(app: FastifyInstance, options: { service: ReviewService }): Promise<void> {
  registerReviewRoutes(app, options.service);
}
