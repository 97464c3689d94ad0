import type { TLoginResult } from '@openbourse/contracts';
import { type Endpoint, identityEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../shared/api/client';
import { session, useSession } from './session';

export function useAuthSettings() {
  return useQuery({
    queryKey: ['identity', 'settings'],
    queryFn: ({ signal }) => callApi(identityEndpoints.authSettings, { signal }),
    staleTime: 300_000,
  });
}

/** The signed-in user's info, refreshed from the server; a failure signs out (SPEC §4). */
export function useUserInfo() {
  const { token, mode } = useSession();
  return useQuery({
    queryKey: ['identity', 'userInfo', token, mode],
    queryFn: async () => {
      try {
        const user = await callApi(identityEndpoints.getUserInfo, {});
        session.updateUser(user);
        return user;
      } catch (error) {
        // A server's refusal signs out (SPEC §4); a 401 is handled by the session hooks with
        // its reason. A request that never got an answer (offline, or cancelled by a page
        // reload) says nothing about the session and keeps it.
        if (error instanceof ApiError && error.code > 0 && error.code !== 401) session.clear();
        throw error;
      }
    },
    enabled: token !== null,
    retry: false,
  });
}

/** A sign-in endpoint (password, second factor, Google, wallet, registration): its body in, a session out. */
export function useSignIn<TBody>(endpoint: Endpoint<{ body: TBody }, TLoginResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBody) => callApi(endpoint, { body: input }),
    onSuccess: (result) => {
      session.signIn(result);
      void queryClient.invalidateQueries({ queryKey: ['identity'] });
    },
  });
}

export function useSendCode() {
  return useMutation({
    mutationFn: (input: { email: string; type: 'register' | 'reset'; captcha?: CaptchaSolution }) =>
      callApi(identityEndpoints.sendCode, { body: input }),
  });
}

export type CaptchaSolution = { challengeId: string; solution: string };

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // The token dies on the server first; the local session goes whatever the answer.
      await callApi(identityEndpoints.logout, {}).catch(() => undefined);
    },
    onSettled: () => {
      session.clear();
      queryClient.removeQueries({ queryKey: ['identity', 'userInfo'] });
    },
  });
}
