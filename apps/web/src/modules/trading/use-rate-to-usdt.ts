import type { TMarketInfo } from '@openbourse/contracts';
import type { Decimal } from '@openbourse/money';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listQuery } from '../market/market.api';
import { isUsdQuoted, quoteToUsdtRate } from './ticket-math';

/**
 * USDT per unit of the instrument's quote currency, as the server converts: USDT is 1, USD
 * too where the deployment settles USD as USDT; another quote (JPY, GBP, CHF …) goes through the instrument's own live price or the
 * forex list's latest prices. Null while nothing converts it.
 */
export function useRateToUsdt(
  info: Pick<TMarketInfo, 'code' | 'price' | 'quoteCurrency' | 'usdSettledAsUsdt'>,
): Decimal | null {
  const needsMarket = !isUsdQuoted(info.quoteCurrency);
  const forex = useQuery({ ...listQuery(1), enabled: needsMarket });
  return useMemo(
    () =>
      quoteToUsdtRate(
        info.quoteCurrency,
        (code) => {
          if (code === info.code) return info.price;
          return forex.data?.find((item) => item.code === code)?.price ?? null;
        },
        info.usdSettledAsUsdt,
      ),
    [info.code, info.price, info.quoteCurrency, info.usdSettledAsUsdt, forex.data],
  );
}
