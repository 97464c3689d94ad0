import { adminEndpoints, adminUserMoneyEndpoints, ledgerEndpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../shared/api/client';
import { useSession } from '../../../identity/session';
import type { Book } from './money-form';

export const MONEY_PAGE_SIZE = 20;

/**
 * The user page's query key (users.api.ts): the page and this panel share one read of the user's
 * detail (balances included), and the panel's statement and positions sit beneath it, so a change
 * to the user on either side reads both again.
 */
export const userKey = (userId: string) => ['admin', 'users', 'user', userId] as const;

/** The user's detail, as the user page reads it; the panel shows its balances. */
export function useAdminUser(userId: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: userKey(userId),
    queryFn: ({ signal }) => callApi(adminEndpoints.user, { params: { id: userId }, signal }),
    enabled: token !== null,
  });
}

/** A page of the user's ledger statement in one book. */
export function useUserStatement(userId: string, book: Book, page: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...userKey(userId), 'statement', book, page],
    queryFn: ({ signal }) =>
      callApi(adminUserMoneyEndpoints.userStatement, {
        params: { id: userId },
        query: { book, page, size: MONEY_PAGE_SIZE },
        signal,
      }),
    enabled: token !== null,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export type PositionStatus = 'open' | 'pending' | 'closed';

/** A page of the user's positions (open), orders (pending) or history (closed and cancelled) in one book. */
export function useUserPositions(userId: string, book: Book, status: PositionStatus, page: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...userKey(userId), 'positions', book, status, page],
    queryFn: ({ signal }) =>
      callApi(adminUserMoneyEndpoints.userPositions, {
        params: { id: userId },
        query: { book, status, page, size: MONEY_PAGE_SIZE },
        signal,
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export type AdjustmentRequest = {
  book: Book;
  asset: string;
  /** Signed decimal as the server takes it (no plus). */
  amount: string;
  reason: string;
  idempotencyKey: string;
};

/** An operator's adjustment; the user's balances and statement are read again afterwards. */
export function useAdjustBalance(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdjustmentRequest) => callApi(ledgerEndpoints.ledgerAdjust, { body: { userId, ...request } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(userId) }),
  });
}

/** The user's demo reset; balances, statement and positions are read again afterwards. */
export function useResetUserDemo(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(adminUserMoneyEndpoints.userDemoReset, { params: { id: userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKey(userId) }),
  });
}
