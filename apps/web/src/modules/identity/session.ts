import type { TLoginResult, TUserInfo } from '@openbourse/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The session (SPEC §4): a token and the user's info, kept in local storage and restored at
 * start; anything unreadable is cleared. The account mode (live or demo) is stored beside it
 * and sent as the `virtually` header.
 */
const TOKEN_KEY = 'ob.token';
const USER_KEY = 'ob.user';
const MODE_KEY = 'ob.accountMode';

export type AccountMode = 'live' | 'demo';
type SessionState = { token: string | null; user: TUserInfo | null; mode: AccountMode };

function readStored(): SessionState {
  const mode: AccountMode = safeGet(MODE_KEY) === 'demo' ? 'demo' : 'live';
  const token = safeGet(TOKEN_KEY);
  const userText = safeGet(USER_KEY);
  if (!token || !userText) {
    clearStored();
    return { token: null, user: null, mode };
  }
  try {
    const user = JSON.parse(userText) as TUserInfo;
    if (typeof user?.id !== 'number' || typeof user.userName !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      throw new Error('invalid stored session');
    }
    return { token, user, mode };
  } catch {
    clearStored();
    return { token: null, user: null, mode };
  }
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode: the session lasts for this page only.
  }
}

function clearStored(): void {
  safeSet(TOKEN_KEY, null);
  safeSet(USER_KEY, null);
}

let state: SessionState = readStored();
const listeners = new Set<() => void>();

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(result: TLoginResult): void {
    const { token, ...user } = result;
    safeSet(TOKEN_KEY, token);
    safeSet(USER_KEY, JSON.stringify(user));
    emit({ ...state, token, user });
  },
  updateUser(user: TUserInfo): void {
    if (!state.token) return;
    safeSet(USER_KEY, JSON.stringify(user));
    emit({ ...state, user });
  },
  clear(): void {
    clearStored();
    emit({ ...state, token: null, user: null });
  },
  setMode(mode: AccountMode): void {
    safeSet(MODE_KEY, mode);
    emit({ ...state, mode });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** In wallet-only mode only the address's last 6 characters are shown (SPEC §2). */
export function displayUserName(user: TUserInfo, walletOnly: boolean): string {
  return walletOnly && user.walletAddress ? user.walletAddress.slice(-6) : user.userName;
}
