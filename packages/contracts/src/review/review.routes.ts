import { declareRoute } from '../http/route-declaration.js';
import {
  ZReviewItem,
  ZReviewItemParams,
  ZReviewKindParams,
  ZReviewListQuery,
  ZReviewListResponse,
  ZReviewQueuesResponse,
  ZReviewRejectRequest,
} from './review.contracts.js';
import { reviewEndpoints } from './review.endpoints.js';

/** The review queue routes as the server declares them (issue 14). */
export const reviewRoutes = {
  queues: declareRoute(reviewEndpoints.queues, {
    summary: 'Every review queue kind with its number of pending items',
    tags: ['admin'],
    owner: 'operator',
    response: ZReviewQueuesResponse,
  }),
  queue: declareRoute(reviewEndpoints.queue, {
    summary: "One kind's items, newest first, filtered by status, paged with a total",
    tags: ['admin'],
    owner: 'operator',
    params: ZReviewKindParams,
    query: ZReviewListQuery,
    response: ZReviewListResponse,
  }),
  claim: declareRoute(reviewEndpoints.claim, {
    summary: 'Mark a pending item as worked on by the caller (audit-logged)',
    tags: ['admin'],
    owner: 'operator',
    params: ZReviewItemParams,
    response: ZReviewItem,
  }),
  approve: declareRoute(reviewEndpoints.approve, {
    summary: 'Approve a pending item; the last approval the four-eyes rule needs carries it out (audit-logged)',
    tags: ['admin'],
    owner: 'operator',
    params: ZReviewItemParams,
    response: ZReviewItem,
  }),
  reject: declareRoute(reviewEndpoints.reject, {
    summary: "Reject a pending item with a reason from the kind's list and an optional note (audit-logged)",
    tags: ['admin'],
    owner: 'operator',
    params: ZReviewItemParams,
    body: ZReviewRejectRequest,
    response: ZReviewItem,
  }),
};
