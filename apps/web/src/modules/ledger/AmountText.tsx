import { Text } from '@mantine/core';
import { TrendText } from '../../shared/ui/TrendText';
import { useLocale } from '../market/use-locale';
import { formatAmount, signOf } from './amount';

/**
 * A decimal string from the server in the reader's locale, never through a JS number. A signed
 * one is written with its + or − and in bold; its colour only repeats what the sign says.
 */
export function AmountText({ value, decimals, signed }: { value: string; decimals: number; signed?: boolean }) {
  const locale = useLocale();
  const sign = signOf(value);
  const text = formatAmount(value, decimals, locale, { signed });
  if (signed) {
    return (
      <TrendText sign={sign} inherit className="ob-amount" fw={600}>
        {text}
      </TrendText>
    );
  }
  return (
    <Text component="span" inherit className="ob-amount">
      {text}
    </Text>
  );
}
