import type { TAuthSettings } from '@openbourse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { flushSync } from 'react-dom';
import { session } from '../modules/identity/session';
import { setSessionHooks } from '../shared/api/client';
import type { router as appRouter } from './router';

/**
 * Plugs the session into the API client (SPEC §4): the token and account mode go out with
 * every request; a 401 signs out and opens the login page (/empty in wallet-only mode) with
 * the reason; 10009 clears the session and reloads.
 */
export function installSessionHooks(router: typeof appRouter, queryClient: QueryClient): void {
  setSessionHooks({
    getToken: () => session.get().token,
    getVirtually: () => (session.get().mode === 'demo' ? 'YES' : 'NO'),
    onUnauthorized: () => {
      if (!session.get().token) return;
      const walletOnly = queryClient.getQueryData<TAuthSettings>(['identity', 'settings'])?.walletOnly ?? false;
      // Navigate first, then clear: clearing first would let the route guard redirect
      // without the reason.
      void router
        .navigate(walletOnly ? '/empty' : '/pass/login', {
          replace: true,
          state: { reason: i18next.t('auth.sessionExpired') },
        })
        .finally(() => {
          session.clear();
          queryClient.removeQueries({ queryKey: ['identity', 'userInfo'] });
        });
    },
    onUserNotFound: () => {
      session.clear();
      window.location.reload();
    },
  });
}
