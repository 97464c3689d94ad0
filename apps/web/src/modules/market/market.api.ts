import type {
  CandleInterval,
  MarketType,
  TCandlesResponse,
  TMarketInfo,
  TMarketItem,
  TStats,
} from '@openbourse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/**
 * Market data reads (issue 5). Lists refresh every minute so the sparkline, the stale flag and
 * the trading status follow the server; prices in between arrive over the socket.
 */
const LIST_REFRESH_MS = 60_000;

export function listQuery(type: MarketType) {
  return {
    queryKey: ['market', 'list', type] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<TMarketItem[]>('/index/listMarketByType', { type }, signal),
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
    queryFn: ({ signal }) =>
      api.get<TMarketInfo>(`/index/getMarketInfo/${encodeURIComponent(code ?? '')}`, undefined, signal),
    enabled: code !== null && code !== '',
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** The latest 300 candles; short intervals are read again every minute to settle the live bar. */
export function useCandles(code: string, interval: CandleInterval) {
  return useQuery({
    queryKey: ['market', 'candles', code, interval],
    queryFn: ({ signal }) => api.get<TCandlesResponse>('/index/getKValueByCodeAndDate', { code, interval }, signal),
    refetchInterval: interval === '1m' || interval === '5m' ? 60_000 : 300_000,
  });
}

export function useStats() {
  return useQuery({
    queryKey: ['market', 'stats'],
    queryFn: ({ signal }) => api.get<TStats>('/index/stats', undefined, signal),
    staleTime: 60_000,
  });
}

/** `/cruuency?code=…&type=…&id=…` (SPEC §2 keeps this spelling). */
export function instrumentHref(item: Pick<TMarketItem, 'code' | 'type' | 'id'>): string {
  return `/cruuency?code=${encodeURIComponent(item.code)}&type=${item.type}&id=${item.id}`;
}
