import { CATALOGUE, type TInvestRequest, type TSavingsOrder } from '@openbourse/contracts';
import { savingsEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { subscribeNotifications } from '../market/market-socket';

export const savingsKeys = {
  all: ['savings'] as const,
  products: ['savings', 'products'] as const,
  orders: (token: string | null) => ['savings', 'orders', token] as const,
};

/** While an order earns, the list is read again this often: earnings grow once a day, maturity pays within minutes. */
const ORDERS_REFRESH_MS = 30_000;

/** Signed in on the live book: savings exist only there (the API answers DEMO_NOT_ALLOWED otherwise). */
export function useSavingsSession(): { isSignedIn: boolean; isLive: boolean; token: string | null } {
  const { token, mode } = useSession();
  return { isSignedIn: token !== null, isLive: token !== null && mode === 'live', token };
}

/** The savings products offered (public), in the reader's language. */
export function useFinancialProducts() {
  return useQuery({
    queryKey: savingsKeys.products,
    queryFn: ({ signal }) => callApi(savingsEndpoints.listFinancialProducts, { signal }),
    staleTime: 30_000,
  });
}

/** The caller's orders, newest first (live book only); a "savings matured" notification reads them again at once. */
export function useSavingsOrders() {
  const { isLive, token } = useSavingsSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return subscribeNotifications((notification) => {
      if (notification.template === 'savings_matured') {
        void queryClient.invalidateQueries({ queryKey: savingsKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['ledger'] });
      }
    });
  }, [token, queryClient]);
  return useQuery({
    queryKey: savingsKeys.orders(token),
    queryFn: ({ signal }) => callApi(savingsEndpoints.myOrders, { signal }),
    enabled: isLive,
    refetchInterval: (query) =>
      query.state.data?.items.some((order) => order.status === 'earning') ? ORDERS_REFRESH_MS : false,
  });
}

/** The forms say a refusal beside their buttons in the reader's language, so there is no toast as well. */
const SHOWN_BY_FORM = { errorShownByCaller: true } as const;

/** After money moved: the orders, the products' capacity and the balances read again. */
function useAfterMove() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: savingsKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] });
  };
}

/**
 * POST /financial/invest: answers the order with 20004. The attempts limit answers 20096, a code
 * of the success range that carries no order: it is a refusal, and is thrown as one.
 */
export function useInvest() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: async (body: TInvestRequest): Promise<TSavingsOrder> => {
      let answered: number = CATALOGUE.PURCHASE_SUCCEEDED.code;
      const order = await callApi(savingsEndpoints.invest, {
        body,
        onSuccessCode: (code: number) => {
          answered = code;
        },
      });
      if (answered !== CATALOGUE.PURCHASE_SUCCEEDED.code || !order) throw new ApiError(answered, '');
      return order;
    },
    meta: SHOWN_BY_FORM,
    onSettled: afterMove,
  });
}

/** POST /financial/redeem: the order redeemed early (or settled, when it had matured meanwhile). */
export function useRedeem() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: (orderId: string) => callApi(savingsEndpoints.redeem, { body: { orderId } }),
    meta: SHOWN_BY_FORM,
    onSettled: afterMove,
  });
}
