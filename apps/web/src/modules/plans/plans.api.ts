import type { TBuySmartRequest, TSmartOrder, TSmartOrderList } from '@openbourse/contracts';
import { CATALOGUE, plansEndpoints } from '@openbourse/contracts/constants';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { subscribeNotifications, subscribePositionEvents } from '../market/market-socket';

/**
 * Smart trading plans' reads and actions (issue 18). Plans live on the live book only (the API
 * answers DEMO_NOT_ALLOWED on the demo one); the user's plans are read again every few seconds
 * while one runs, and at once when one of the user's positions changes (a plan's trade) or a
 * plan-finished notification arrives.
 */

export const plansKeys = {
  products: ['plans', 'products'] as const,
  orders: ['plans', 'orders'] as const,
  list: (token: string | null) => ['plans', 'orders', token] as const,
};

/** While a plan runs, its figures follow live prices: read again this often. */
export const LIVE_PLAN_REFRESH_MS = 5_000;
/** Products whose backtest is still being computed are read again this often. */
const PENDING_BACKTEST_REFRESH_MS = 15_000;

/** Signed in on the live book: plans exist only there. */
export function usePlansSession(): { isSignedIn: boolean; isLive: boolean; token: string | null } {
  const { token, mode } = useSession();
  return { isSignedIn: token !== null, isLive: token !== null && mode === 'live', token };
}

/** The products on offer (public), each with its backtest; read again while one is still being computed. */
export function useSmartProducts() {
  return useQuery({
    queryKey: plansKeys.products,
    queryFn: ({ signal }) => callApi(plansEndpoints.listSmartProducts, { signal }),
    staleTime: 30_000,
    refetchInterval: (query) =>
      query.state.data?.items.some((product) => product.backtest === null) ? PENDING_BACKTEST_REFRESH_MS : false,
  });
}

function invalidatePlans(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: plansKeys.orders });
}

/**
 * While the plans are on screen: a change of one of the user's positions (a plan opening or
 * closing one) or a plan's end notified reads the plans again, and the balances with them.
 */
function usePlanPushes(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const stopPositions = subscribePositionEvents(
      (position) => {
        if (position.planOrderId !== null) invalidatePlans(queryClient);
      },
      () => invalidatePlans(queryClient),
    );
    const stopNotifications = subscribeNotifications((notification) => {
      if (notification.template === 'plan_finished') {
        invalidatePlans(queryClient);
        void queryClient.invalidateQueries({ queryKey: ['ledger'] });
      }
    });
    return () => {
      stopPositions();
      stopNotifications();
    };
  }, [token, queryClient]);
}

const isRunning = (list: TSmartOrderList | undefined) => list?.items.some((order) => order.status === 'running');

/** The user's plans, newest first, with live figures while one runs (live book only). */
export function useSmartOrders() {
  const { isLive, token } = usePlansSession();
  usePlanPushes(token);
  return useQuery({
    queryKey: plansKeys.list(token),
    queryFn: ({ signal }) => callApi(plansEndpoints.listSmartOrder, { signal }),
    enabled: isLive,
    refetchInterval: (query) => (isRunning(query.state.data) ? LIVE_PLAN_REFRESH_MS : false),
  });
}

/** A plan the server answered: kept in the list, and the balances and positions read again. */
function usePlanAnswer() {
  const queryClient = useQueryClient();
  const { token } = usePlansSession();
  return (order: TSmartOrder) => {
    queryClient.setQueryData<TSmartOrderList>(plansKeys.list(token), (list) => {
      if (!list) return list;
      const others = list.items.filter((item) => item.id !== order.id);
      return { items: [order, ...others].sort((a, b) => b.startedAt.localeCompare(a.startedAt)) };
    });
    invalidatePlans(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    void queryClient.invalidateQueries({ queryKey: ['trading'] });
  };
}

/** The forms say a refusal beside their buttons, in the reader's language: no toast as well. */
const SHOWN_BY_FORM = { errorShownByCaller: true } as const;

/**
 * POST /order/buySmart. Success is 20004 with the plan; 20096 ("at most 2 failed attempts") is a
 * refusal the envelope carries as a 200xx code without a plan, so it is thrown as one here.
 */
export function useBuySmart() {
  const keep = usePlanAnswer();
  return useMutation({
    mutationFn: async (body: TBuySmartRequest) => {
      let answered: number = CATALOGUE.PURCHASE_SUCCEEDED.code;
      const order = await callApi(plansEndpoints.buySmart, {
        body,
        onSuccessCode: (code) => {
          answered = code;
        },
      });
      if (answered === CATALOGUE.PURCHASE_ATTEMPTS_EXCEEDED.code || !order) throw new ApiError(answered, '');
      return order;
    },
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

/** POST /order/exitSmart: positions closed, the disclosed fee charged, the rest returned. */
export function useExitSmart() {
  const keep = usePlanAnswer();
  return useMutation({
    mutationFn: (orderId: string) => callApi(plansEndpoints.exitSmart, { body: { orderId } }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}
