export { createReviewModule, type ReviewModuleDeps } from './review.module.js';
export type { ReviewService } from './review.service.js';
export type { ReviewTables } from './review.tables.js';
export type {
  ReviewActor,
  ReviewDecisionTables,
  ReviewEffect,
  ReviewItem,
  ReviewItemDescription,
  ReviewKindActions,
  ReviewKindHandler,
  ReviewQueue,
  ReviewSubmission,
  ReviewTransaction,
  UsdtPriceSource,
} from './review.types.js';
export { describeFromPayload, payloadFileIds } from './review-describe.js';
