import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthSettings } from '../modules/identity/identity.api';
import { useSession } from '../modules/identity/session';
import { SIGN_IN_ROUTES } from '../shared/routes';

const NEEDS_SIGN_IN = ['/profile', '/profile/balance'];
/** Under /profile, yet opened from an e-mail by someone maybe signed out: the link's token is the proof (#15). */
const OPEN_UNDER_PROFILE = ['/profile/withdrawal-addresses/confirm'];

/** Where a request for `pathname` must go instead, or null to stay (SPEC §4 route guard). */
export function guardRedirect(
  pathname: string,
  state: { isSignedIn: boolean; accessGuard: boolean; walletOnly: boolean },
): string | null {
  if (state.accessGuard) {
    if (state.walletOnly && SIGN_IN_ROUTES.includes(pathname)) return '/empty';
    if (state.isSignedIn && pathname === '/empty') return '/';
    const isOpen =
      pathname === '/empty' || SIGN_IN_ROUTES.includes(pathname) || pathname.startsWith('/api/loginCallback/');
    if (!state.isSignedIn && !isOpen) return '/empty';
  }
  if (
    !state.isSignedIn &&
    !OPEN_UNDER_PROFILE.includes(pathname) &&
    NEEDS_SIGN_IN.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  ) {
    return state.walletOnly ? '/empty' : '/pass/login';
  }
  return null;
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const { token } = useSession();
  const settings = useAuthSettings();
  // Until the settings arrive only the sign-in requirement is known; the guard waits for the rest.
  const target = guardRedirect(pathname, {
    isSignedIn: token !== null,
    accessGuard: settings.data?.accessGuard ?? false,
    walletOnly: settings.data?.walletOnly ?? false,
  });
  if (settings.isPending && token === null && pathname !== '/') return null;
  // Sent to sign in, the user comes back to the page asked for (issue 16, fix 9).
  const state = target === '/pass/login' ? { from: `${pathname}${search}${hash}` } : undefined;
  return target ? <Navigate to={target} replace state={state} /> : children;
}
