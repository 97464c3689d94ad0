import type { AppModule } from '../../platform/module.js';
import { reviewPlugin } from './review.routes.js';
import { createReviewService, type ReviewService, type ReviewServiceDeps } from './review.service.js';

export type ReviewModuleDeps = ReviewServiceDeps & { adminPrefix: string };

/**
 * Review queues (issue 14): one model for every item an operator approves or rejects, the
 * four-eyes rule, and the routes under /swx/admin/queues. The kinds' modules plug their handlers
 * in through `service.registerHandler` at the composition root and queue items through the
 * service as their `ReviewQueue` port.
 */
export function createReviewModule(deps: ReviewModuleDeps): AppModule<ReviewService> {
  const service = createReviewService(deps);
  return {
    name: 'review',
    service,
    register: async (app) => {
      await app.register(reviewPlugin, { prefix: deps.adminPrefix, service });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
