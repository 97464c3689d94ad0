import { useMemo } from 'react';
import { useMarketList } from '../market/market.api';
import { useLivePrices } from '../market/use-live-prices';

/** The crypto market (SPEC §3 type 2), where `<ASSET><LOAN ASSET>` prices a collateral in the loan's asset. */
const CRYPTO_MARKET = 2;

export type CollateralPrice = {
  /** The instrument that prices it, e.g. BTCUSDT. */
  code: string;
  price: string | null;
  /** The feed behind the price (sandbox, replay, binance …): shown beside it (SPEC §0.2). */
  source: string;
  stale: boolean;
  /** Epoch ms of the price; null without one. */
  time: number | null;
  /** Decimals the market shows the price with. */
  precision: number;
};

/**
 * The collateral's live price in the loan's asset, from the market's list and its socket pushes
 * (the price the server checks the initial LTV against is its own, at the moment it answers).
 * Null while the list loads, or when no instrument prices the pair.
 */
export function useCollateralPrice(
  collateralAsset: string | null,
  loanAsset: string,
): { price: CollateralPrice | null; isLoading: boolean } {
  const list = useMarketList(CRYPTO_MARKET);
  const code = collateralAsset ? `${collateralAsset}${loanAsset}` : null;
  const item = useMemo(() => list.data?.filter((each) => each.code === code), [list.data, code]);
  const live = useLivePrices(item, list.dataUpdatedAt)?.[0];
  if (!live) return { price: null, isLoading: list.isPending };
  return {
    price: {
      code: live.code,
      price: live.price,
      source: live.source,
      stale: live.stale,
      time: live.time,
      precision: live.precision,
    },
    isLoading: false,
  };
}
