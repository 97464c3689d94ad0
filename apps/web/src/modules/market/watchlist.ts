import { notifications } from '@mantine/notifications';
import { CATALOGUE } from '@openbourse/contracts';
import { MAX_WATCHLIST, marketEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi } from '../../shared/api/client';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { useSession } from '../identity/session';

/**
 * The watchlist: in the account when signed in (/user/watchlist), in local storage on this
 * device otherwise.
 */
const LOCAL_KEY = 'ob.watchlist';
const localListeners = new Set<() => void>();
let localCache: string[] | null = null;

function readLocal(): string[] {
  if (localCache) return localCache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '[]');
    localCache = Array.isArray(parsed)
      ? parsed.filter((code): code is string => typeof code === 'string').slice(0, MAX_WATCHLIST)
      : [];
  } catch {
    localCache = [];
  }
  return localCache;
}

function writeLocal(codes: string[]): void {
  localCache = codes;
  try {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(codes));
  } catch {
    // Private mode: the list lasts for this page only.
  }
  for (const listener of localListeners) listener();
}

function subscribeLocal(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Adds or removes a code, keeping the order codes were added in; null when the list is full (as the server says). */
export function toggledWatchlist(codes: readonly string[], code: string): string[] | null {
  if (codes.includes(code)) return codes.filter((item) => item !== code);
  return codes.length >= MAX_WATCHLIST ? null : [...codes, code];
}

export type Watchlist = {
  codes: string[];
  /** True when the list is kept in the account, false when only on this device. */
  isAccount: boolean;
  isPending: boolean;
  /** The code whose change is being saved. */
  busyCode: string | null;
  /** Reading the account's list failed. */
  error: Error | null;
  refetch: () => void;
  toggle: (code: string) => void;
};

export function useWatchlist(): Watchlist {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const key = ['market', 'watchlist', token] as const;
  const server = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(marketEndpoints.getWatchlist, { signal }),
    enabled: token !== null,
  });
  const change = useMutation({
    mutationFn: ({ code, add }: { code: string; add: boolean }) =>
      add
        ? callApi(marketEndpoints.postWatchlist, { body: { code } })
        : callApi(marketEndpoints.deleteWatchlist, { query: { code } }),
    onSuccess: (codes) => queryClient.setQueryData(key, codes),
  });
  const local = useSyncExternalStore(subscribeLocal, readLocal, readLocal);

  if (token === null) {
    return {
      codes: local,
      isAccount: false,
      isPending: false,
      busyCode: null,
      error: null,
      refetch: () => undefined,
      toggle: (code) => {
        const next = toggledWatchlist(readLocal(), code);
        if (next) writeLocal(next);
        else
          notifications.show({
            color: 'red',
            message: catalogueMessage(CATALOGUE.WATCHLIST_FULL.code),
            autoClose: 4000,
          });
      },
    };
  }
  const codes = server.data ?? [];
  return {
    codes,
    isAccount: true,
    isPending: server.isPending,
    busyCode: change.isPending ? (change.variables?.code ?? null) : null,
    error: server.isError ? server.error : null,
    refetch: () => void server.refetch(),
    toggle: (code) => {
      if (change.isPending) return;
      change.mutate({ code, add: !codes.includes(code) });
    },
  };
}
