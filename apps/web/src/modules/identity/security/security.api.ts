import { identityEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';
import { useSession } from '../session';

/** The security centre's calls (#16): sessions, sign-in history, recovery codes. */

export function useSecuritySessions() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['identity', 'security', 'sessions', token],
    queryFn: ({ signal }) => callApi(identityEndpoints.securitySessions, { signal }),
    enabled: token !== null,
  });
}

export function useSignInHistory(page: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['identity', 'security', 'signIns', token, page],
    queryFn: ({ signal }) => callApi(identityEndpoints.securitySignIns, { query: { page }, signal }),
    enabled: token !== null,
    placeholderData: (previous) => previous,
  });
}

export function useRecoveryCodesStatus(enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['identity', 'security', 'recoveryCodes', token],
    queryFn: ({ signal }) => callApi(identityEndpoints.recoveryCodesStatus, { signal }),
    enabled: token !== null && enabled,
  });
}

function useSecurityMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['identity', 'security'] }),
  });
}

export function useRevokeSession() {
  return useSecurityMutation((sessionId: string) =>
    callApi(identityEndpoints.securitySessionRevoke, { body: { sessionId } }),
  );
}

export function useRevokeOtherSessions() {
  return useSecurityMutation(() => callApi(identityEndpoints.securitySessionsRevokeOthers, {}));
}

export function useGenerateRecoveryCodes() {
  return useSecurityMutation((body: { password?: string; code?: string }) =>
    callApi(identityEndpoints.recoveryCodesGenerate, { body }),
  );
}

/** The codes as a text file the user keeps (one a line, with the account and the date). */
export function recoveryCodesText(codes: readonly string[], userName: string, at: Date): string {
  return [`OpenBourse recovery codes — ${userName}`, at.toISOString(), '', ...codes, ''].join('\n');
}

export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
