import { type ReviewKind, type ReviewStatus, reviewEndpoints, uploadsEndpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callApi, endpointPath } from '../../../shared/api/client';
import { useSession } from '../../identity/session';

export const QUEUE_PAGE_SIZE = 20;

const QUEUES_KEY = ['admin', 'queues'] as const;

/** Every kind with its number of pending items. */
export function useQueues() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...QUEUES_KEY, 'counts', token],
    queryFn: ({ signal }) => callApi(reviewEndpoints.queues, { signal }),
    enabled: token !== null,
  });
}

/** One kind's items, newest first; `status` null lists every status. */
export function useQueue(kind: ReviewKind, status: ReviewStatus | null, page: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...QUEUES_KEY, 'items', token, kind, status, page],
    queryFn: ({ signal }) =>
      callApi(reviewEndpoints.queue, {
        params: { kind },
        query: { ...(status ? { status } : {}), page, size: QUEUE_PAGE_SIZE },
        signal,
      }),
    enabled: token !== null,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

type ItemRef = { kind: ReviewKind; id: string };
export type Decision =
  | { action: 'claim' }
  | { action: 'approve' }
  | { action: 'reject'; reason: string; note?: string };

/**
 * Claims, approves or rejects an item. Whatever the answer (a refusal such as 10147 means the
 * list is stale too), the counts and the lists are read again.
 */
export function useQueueDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, decision }: ItemRef & { decision: Decision }) => {
      const params = { kind, id: Number(id) };
      if (decision.action === 'claim') return callApi(reviewEndpoints.claim, { params });
      if (decision.action === 'approve') return callApi(reviewEndpoints.approve, { params });
      const note = decision.note?.trim();
      return callApi(reviewEndpoints.reject, {
        params,
        body: { reason: decision.reason, ...(note ? { note } : {}) },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUES_KEY }),
  });
}

/**
 * An uploaded file a queue item holds (a deposit claim's proof), read with the operator's session
 * as a blob: the server answers it only to an operator who may decide a queue holding it, and
 * records the view in the audit log. A refusal throws ApiError with the server's message.
 */
export async function readQueueFile(fileId: string): Promise<Blob> {
  const { blob } = await apiDownload({ path: endpointPath(uploadsEndpoints.operatorFile.path, { id: fileId }) });
  return blob;
}
