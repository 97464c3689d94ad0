import { Text } from '@mantine/core';
import { useLocale } from '../market/use-locale';
import { formatAmount, signOf } from './amount';

/**
 * A decimal string from the server in the reader's locale, never through a JS number. A signed
 * one is written with its + or − and in bold; its colour only repeats what the sign says.
 */
export function AmountText({ value, decimals, signed }: { value: string; decimals: number; signed?: boolean }) {
  const locale = useLocale();
  const sign = signOf(value);
  return (
    <Text
      component="span"
      inherit
      className="ob-amount"
      c={signed ? (sign > 0 ? 'teal.9' : sign < 0 ? 'red.9' : undefined) : undefined}
      fw={signed ? 600 : undefined}
    >
      {formatAmount(value, decimals, locale, { signed })}
    </Text>
  );
}
