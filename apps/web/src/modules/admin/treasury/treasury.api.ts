import { depositsEndpoints } from '@openbourse/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';
import { useSession } from '../../identity/session';

/** How often the treasury view reads the chain again while it is open. */
export const TREASURY_REFRESH_MS = 60_000;

/** The hot wallet's and deposit addresses' balances read from the chain, the ledger's liabilities and recent sweeps. */
export function useTreasuryChain() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['admin', 'treasury', 'chain', token],
    queryFn: ({ signal }) => callApi(depositsEndpoints.treasuryChain, { signal }),
    enabled: token !== null,
    refetchInterval: TREASURY_REFRESH_MS,
  });
}
