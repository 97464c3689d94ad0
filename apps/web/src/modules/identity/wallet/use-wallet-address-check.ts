import { identityEndpoints } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../shared/api/client';
import { useAuthSettings } from '../identity.api';
import { session, useSession } from '../session';
import { injectedEthereum, isEvmAddress, isOtherAccount } from './provider';

/**
 * SPEC §4: when the injected wallet reports another account than the signed-in user's linked
 * wallet (at start through eth_accounts, later through accountsChanged), the client stops;
 * in wallet-only mode it also signs the user out and says why on /empty. Outside that mode
 * the account is not the proof of identity, so nothing more happens.
 */
export function useWalletAddressCheck(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, user } = useSession();
  const walletOnly = useAuthSettings().data?.walletOnly;
  const linked = user?.walletAddress ?? null;

  useEffect(() => {
    const provider = injectedEthereum();
    // A TRON address is never an Ethereum account; the settings decide what a mismatch does.
    if (!token || !linked || !isEvmAddress(linked) || !provider || walletOnly === undefined) return;
    let isStopped = false;
    const signOut = async () => {
      // The token dies on the server first.
      await callApi(identityEndpoints.logout, {}).catch(() => undefined);
      // The route guard answers a cleared session with its own redirect, without the reason.
      // flushSync lets it run now (its effect included), so the navigation below comes last
      // and keeps its state; navigating first would let the guard bounce a signed-in /empty to /.
      flushSync(() => session.clear());
      queryClient.removeQueries({ queryKey: ['identity', 'userInfo'] });
      await navigate('/empty', { replace: true, state: { reason: t('wallet.mismatch') } });
    };
    const check = (accounts: unknown) => {
      if (isStopped || !isOtherAccount(linked, accounts)) return;
      isStopped = true;
      if (walletOnly) void signOut();
    };
    provider.request({ method: 'eth_accounts' }).then(check, () => undefined);
    provider.on?.('accountsChanged', check);
    return () => {
      isStopped = true;
      provider.removeListener?.('accountsChanged', check);
    };
  }, [token, linked, walletOnly, navigate, queryClient, t]);
}
