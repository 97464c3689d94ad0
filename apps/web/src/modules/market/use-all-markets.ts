import type { TMarketItem } from '@openbourse/contracts';
import { MARKET_TYPES } from '@openbourse/contracts/constants';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { listQuery } from './market.api';

function combine(results: UseQueryResult<TMarketItem[]>[]) {
  return {
    items: results.flatMap((result) => result.data ?? []),
    isPending: results.some((result) => result.isPending && result.fetchStatus !== 'idle'),
    isError: results.some((result) => result.isError),
    error: results.find((result) => result.isError)?.error ?? null,
    dataUpdatedAt: Math.min(...results.map((result) => result.dataUpdatedAt)),
    refetch: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}

/**
 * Every instrument of the five types (the watchlist and the search): the same queries as the
 * per-type lists, read once and kept for five minutes here.
 */
export function useAllMarkets(enabled = true) {
  return useQueries({
    queries: MARKET_TYPES.map((type) => ({
      ...listQuery(type),
      enabled,
      staleTime: 300_000,
      refetchInterval: false as const,
    })),
    combine,
  });
}
