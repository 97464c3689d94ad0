import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZReviewItem,
  ZReviewItemParams,
  ZReviewKindParams,
  ZReviewListQuery,
  ZReviewListResponse,
  ZReviewQueuesResponse,
  ZReviewRejectRequest,
} from './review.contracts.js';

type ItemInput = { params: InputOf<typeof ZReviewItemParams> };
type Item = OutputOf<typeof ZReviewItem>;

/**
 * The review queues as clients see them (issue 14), types only; the server's declarations add
 * the schemas (`review.routes.ts`). Every route admits `reviewer` (an admin holds every role); a
 * kind may ask more of its deciders (ledger adjustments: `admin`), refused with 10107.
 */
export const reviewEndpoints = {
  queues: endpoint<NoInput, OutputOf<typeof ZReviewQueuesResponse>, 'reviewer'>('GET', '/swx/admin/queues', 'reviewer'),
  queue: endpoint<
    { params: InputOf<typeof ZReviewKindParams>; query: InputOf<typeof ZReviewListQuery> },
    OutputOf<typeof ZReviewListResponse>,
    'reviewer'
  >('GET', '/swx/admin/queues/:kind', 'reviewer'),
  claim: endpoint<ItemInput, Item, 'reviewer'>('POST', '/swx/admin/queues/:kind/:id/claim', 'reviewer'),
  approve: endpoint<ItemInput, Item, 'reviewer'>('POST', '/swx/admin/queues/:kind/:id/approve', 'reviewer'),
  reject: endpoint<ItemInput & { body: InputOf<typeof ZReviewRejectRequest> }, Item, 'reviewer'>(
    'POST',
    '/swx/admin/queues/:kind/:id/reject',
    'reviewer',
  ),
};
