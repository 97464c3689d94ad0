import { Text } from '@mantine/core';
import { exactAmount, formatAssetAmount, isRounded } from '../../shared/format/money';
import { TrendText } from '../../shared/ui/TrendText';
import { useLocale } from '../market/use-locale';
import { formatAmount, signOf } from './amount';

/**
 * A decimal string from the server in the reader's locale, never through a JS number. A signed
 * one is written with its + or − and in bold; its colour only repeats what the sign says. Given
 * its `asset`, it is shown at the asset's display precision (shared/format/money.ts) with the
 * exact amount in its tooltip; without, every decimal it has (a ledger line).
 */
export function AmountText({
  value,
  decimals,
  signed,
  asset,
}: {
  value: string;
  decimals: number;
  signed?: boolean;
  asset?: string;
}) {
  const locale = useLocale();
  const sign = signOf(value);
  const rounded = asset !== undefined && isRounded(value, asset);
  const text =
    asset === undefined
      ? formatAmount(value, decimals, locale, { signed })
      : formatAssetAmount(value, asset, locale, { signed, withCode: false });
  const exact = rounded && asset ? exactAmount(value, asset, locale, { signed, withCode: false }) : undefined;
  if (signed) {
    return (
      <TrendText sign={sign} inherit className="ob-amount" fw={600} title={exact}>
        {text}
      </TrendText>
    );
  }
  return (
    <Text component="span" inherit className="ob-amount" title={exact}>
      {text}
    </Text>
  );
}
