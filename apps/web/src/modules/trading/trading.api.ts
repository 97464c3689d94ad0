import type { CloseReason, TMarketInfo, TOpenPositionRequest, TPosition } from '@openbourse/contracts';
import { marketEndpoints, tradingEndpoints } from '@openbourse/contracts/constants';
import {
  keepPreviousData,
  type QueryClient,
  type UseQueryResult,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';

/**
 * Trading reads and actions (issue 6). Every key starts with 'trading' and carries the token and
 * account mode, so a sign-out or a live/demo switch never shows the other book's positions.
 */

export type OrdersStatus = 'open' | 'pending' | 'closed';
export type OrdersPage = { items: TPosition[]; total: number; codes: string[] };
/** Server-side filters of the order lists (history: by instrument and close reason). */
export type OrdersFilter = { code?: string; reason?: CloseReason };

/** How often open positions and the account summary are read again while positions are open. */
export const LIVE_REFRESH_MS = 5000;

export function useOrders(
  status: OrdersStatus,
  page: number,
  size: number,
  refetchInterval: number | false = false,
  filter: OrdersFilter = {},
) {
  const { token, mode } = useSession();
  const { code, reason } = filter;
  return useQuery({
    queryKey: ['trading', 'orders', token, mode, status, page, size, code ?? '', reason ?? ''],
    queryFn: ({ signal }) =>
      callApi(tradingEndpoints.orders, {
        query: { status, page, size, ...(code ? { code } : {}), ...(reason ? { reason } : {}) },
        signal,
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useAccountSummary(refetchInterval: number | false = false) {
  const { token, mode } = useSession();
  return useQuery({
    queryKey: ['trading', 'summary', token, mode],
    queryFn: ({ signal }) => callApi(tradingEndpoints.accountSummary, { signal }),
    enabled: token !== null,
    refetchInterval,
  });
}

/** The market info of several instruments (contract size, lot step, quote, precision), shared with the market pages. */
export function useMarketInfos(codes: readonly string[]) {
  // A stable `combine` keeps the map the same object until a result changes.
  const combine = useCallback(
    (results: UseQueryResult<TMarketInfo>[]) => {
      const byCode = new Map<string, TMarketInfo>();
      results.forEach((result, index) => {
        const code = codes[index];
        if (result.data && code) byCode.set(code, result.data);
      });
      return byCode as ReadonlyMap<string, TMarketInfo>;
    },
    [codes],
  );
  return useQueries({
    queries: codes.map((code) => ({
      queryKey: ['market', 'info', code],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi(marketEndpoints.getMarketInfo, { params: { code }, signal }),
      staleTime: 60_000,
    })),
    combine,
  });
}

/** After any trading change: positions, the summary, balances and the user's info are read again. */
export function invalidateTrading(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['trading'] });
  void queryClient.invalidateQueries({ queryKey: ['ledger'] });
  void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] });
}

export function useOpenPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TOpenPositionRequest) => callApi(tradingEndpoints.open, { body: request }),
    // A refusal belongs to the ticket that sent the order: it shows it inside itself (issue 16).
    meta: { errorShownByCaller: true },
    onSettled: () => invalidateTrading(queryClient),
  });
}

export function useClosePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { orderNo: string; lots?: string }) => callApi(tradingEndpoints.close, { body: request }),
    onSettled: () => invalidateTrading(queryClient),
  });
}

export type AmendRequest = {
  orderNo: string;
  stopLoss?: string | null;
  takeProfit?: string | null;
  trailingDistance?: string | null;
};

export function useAmendPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AmendRequest) => callApi(tradingEndpoints.amend, { body: request }),
    onSettled: () => invalidateTrading(queryClient),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => callApi(tradingEndpoints.cancel, { body: { orderNo } }),
    onSettled: () => invalidateTrading(queryClient),
  });
}
