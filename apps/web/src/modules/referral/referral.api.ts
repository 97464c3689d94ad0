import { referralEndpoints } from '@openbourse/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';

/** How often the page reads the invitees again while open (their steps come as they act). */
export const INVITE_REFRESH_MS = 15_000;

/** The signed-in user's invite code, link, invitees and the programme (`GET /user/invite`). */
export function useInvite() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['referral', 'invite', token],
    queryFn: ({ signal }) => callApi(referralEndpoints.invite, { signal }),
    enabled: token !== null,
    refetchInterval: INVITE_REFRESH_MS,
  });
}
