import type { TMarketItem } from '@openbourse/contracts';
import { type CandleInterval, type MarketType, marketEndpoints } from '@openbourse/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/**
 * Market data reads (issue 5). Lists refresh every minute so the sparkline, the stale flag and
 * the trading status follow the server; prices in between arrive over the socket.
 */
const LIST_REFRESH_MS = 60_000;

export function listQuery(type: MarketType) {
  return {
    queryKey: ['market', 'list', type] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callApi(marketEndpoints.listMarketByType, { query: { type }, signal }),
    staleTime: 30_000,
    refetchInterval: LIST_REFRESH_MS,
  };
}

export function useMarketList(type: MarketType) {
  return useQuery(listQuery(type));
}

export function useMarketInfo(code: string | null) {
  return useQuery({
    queryKey: ['market', 'info', code],
    queryFn: ({ signal }) => callApi(marketEndpoints.getMarketInfo, { params: { code: code ?? '' }, signal }),
    enabled: code !== null && code !== '',
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** The latest 300 candles; short intervals are read again every minute to settle the live bar. */
export function useCandles(code: string, interval: CandleInterval) {
  return useQuery({
    queryKey: ['market', 'candles', code, interval],
    queryFn: ({ signal }) => callApi(marketEndpoints.getKValueByCodeAndDate, { query: { code, interval }, signal }),
    refetchInterval: interval === '1m' || interval === '5m' ? 60_000 : 300_000,
  });
}

export function useStats() {
  return useQuery({
    queryKey: ['market', 'stats'],
    queryFn: ({ signal }) => callApi(marketEndpoints.stats, { signal }),
    staleTime: 60_000,
  });
}

/** `/cruuency?code=…&type=…&id=…` (SPEC §2 keeps this spelling). */
export function instrumentHref(item: Pick<TMarketItem, 'code' | 'type' | 'id'>): string {
  return `/cruuency?code=${encodeURIComponent(item.code)}&type=${item.type}&id=${item.id}`;
}
