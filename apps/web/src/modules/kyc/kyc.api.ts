import type { TKycRecord, TKycSubmitRequest } from '@openbourse/contracts';
import { kycEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { subscribeNotifications } from '../market/market-socket';

export const kycKeys = {
  all: ['kyc'] as const,
  record: (token: string | null) => ['kyc', 'record', token] as const,
};

/**
 * The signed-in user's verification (GET /user/identification): the status and what is held.
 * Per user, not per book, so the account mode is not part of the key. While it is shown, a
 * decision pushed as a notification (`kyc_passed`, `kyc_not_passed`) reads it again at once.
 */
export function useKycRecord() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return subscribeNotifications((notification) => {
      if (notification.template.startsWith('kyc_')) {
        void queryClient.invalidateQueries({ queryKey: kycKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] });
      }
    });
  }, [token, queryClient]);
  return useQuery({
    queryKey: kycKeys.record(token),
    queryFn: ({ signal }) => callApi(kycEndpoints.getIdentification, { signal }),
    enabled: token !== null,
  });
}

/**
 * Sends a verification (POST /user/identification). The form shows a refusal beside its fields
 * or above its buttons, so there is no toast; the answer is the record as it now is.
 */
export function useSubmitKyc() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TKycSubmitRequest) => callApi(kycEndpoints.submitIdentification, { body }),
    meta: { errorShownByCaller: true },
    onSuccess: (record: TKycRecord) => {
      queryClient.setQueryData(kycKeys.record(token), record);
      // The profile's summary shows idefinderStatus from the user's info.
      void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] });
    },
  });
}
