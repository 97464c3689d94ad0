import type { TAuthSettings } from '@openbourse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { flushSync } from 'react-dom';
import { session } from '../modules/identity/session';
import { setSessionHooks } from '../shared/api/client';
import { OPERATOR_TWO_FACTOR_PATH, type OperatorTwoFactorState } from '../shared/routes';
import type { router as appRouter } from './router';

/**
 * Plugs the session into the API client (SPEC §4): the token and account mode go out with
 * every request; a 401 signs out and opens the login page (/empty in wallet-only mode) with
 * the reason; 10009 clears the session and reloads; 10144 (an operator without two-factor, #14)
 * opens the profile's two-factor section, which says why.
 */
export function installSessionHooks(router: typeof appRouter, queryClient: QueryClient): void {
  setSessionHooks({
    getToken: () => session.get().token,
    getVirtually: () => (session.get().mode === 'demo' ? 'YES' : 'NO'),
    onUnauthorized: () => {
      if (!session.get().token) return;
      const walletOnly = queryClient.getQueryData<TAuthSettings>(['identity', 'settings'])?.walletOnly ?? false;
      // Clear first and let the route guard react now (flushSync), so the navigation below
      // comes last and keeps its reason; navigating first would let the guard bounce a
      // still-signed-in /empty to / in access-guard mode.
      flushSync(() => session.clear());
      queryClient.removeQueries({ queryKey: ['identity', 'userInfo'] });
      void router.navigate(walletOnly ? '/empty' : '/pass/login', {
        replace: true,
        state: { reason: i18next.t('auth.sessionExpired') },
      });
    },
    onUserNotFound: () => {
      session.clear();
      window.location.reload();
    },
    onOperatorTwoFactorRequired: () => {
      const state: OperatorTwoFactorState = { operatorTwoFactorRequired: true };
      void router.navigate(OPERATOR_TWO_FACTOR_PATH, { state });
    },
  });
}
