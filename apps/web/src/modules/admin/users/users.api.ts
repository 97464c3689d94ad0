import { adminEndpoints as endpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';
import { isUserId } from './user-rules';

/** The back office's users area (#14): search, a user's page, and the operator's changes to a user. */

export const USERS_PAGE_SIZE = 20;

/** Every read of this area sits under this key, so a change reads the list and the user page again. */
const KEY = ['admin', 'users'] as const;

export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', q, page],
    queryFn: ({ signal }) =>
      callApi(endpoints.users, { query: { q: q || undefined, page, size: USERS_PAGE_SIZE }, signal }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether a user with this id exists, asked through the search (an exact id matches). The user
 * page asks this first: the page's own read answers an unknown id with 10009, which the web
 * client takes as "your own account is gone" and signs the operator out.
 */
export function useUserExists(id: string) {
  return useQuery({
    queryKey: [...KEY, 'exists', id],
    queryFn: async ({ signal }) => {
      // A user name or e-mail starting with these digits matches too; the id is looked for among them.
      const found = await callApi(endpoints.users, { query: { q: id, page: 1, size: 100 }, signal });
      return found.items.some((user) => user.id === id);
    },
    enabled: isUserId(id),
  });
}

export function useAdminUser(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'user', id],
    queryFn: ({ signal }) => callApi(endpoints.user, { params: { id }, signal }),
    enabled,
  });
}

function useUserMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetUserLevel(id: string) {
  return useUserMutation((level: number) => callApi(endpoints.userLevel, { params: { id }, body: { level } }));
}

export function useSetUserStatus(id: string) {
  return useUserMutation((input: { status: 'active' | 'disabled'; reason: string }) =>
    callApi(endpoints.userStatus, { params: { id }, body: input }),
  );
}

export function useRevokeSession(id: string) {
  return useUserMutation((sessionId: string) => callApi(endpoints.userSessionRevoke, { params: { id, sessionId } }));
}

export function useRevokeAllSessions(id: string) {
  return useUserMutation((_: undefined) => callApi(endpoints.userSessionsRevokeAll, { params: { id } }));
}
