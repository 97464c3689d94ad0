import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { changeTextColour, trendName, useColourConvention } from './trend-colours';

/**
 * A signed number (a change, a P&L, a statement amount) in the reader's rise/fall colours: the
 * only component that colours text by a sign. Its sign is also written out by the caller (+ or
 * −), so colour is never the only signal.
 */
export function TrendText({
  sign,
  children,
  testId,
  title,
  component = 'span',
  ...props
}: TextProps & {
  sign: number;
  children: ReactNode;
  testId?: string;
  title?: string;
  component?: 'span' | 'p' | 'div' | 'dd';
}) {
  const { convention } = useColourConvention();
  return (
    <Text
      component={component}
      {...props}
      c={changeTextColour(sign, convention)}
      data-trend={trendName(sign)}
      data-testid={testId}
      title={title}
    >
      {children}
    </Text>
  );
}
