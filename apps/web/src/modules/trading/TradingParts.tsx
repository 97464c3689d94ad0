import { Alert, Badge, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Decimal } from '@openbourse/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exactAmount, isRounded } from '../../shared/format/money';
import { TrendText } from '../../shared/ui/TrendText';
import { useColourConvention } from '../../shared/ui/trend-colours';
import type { Side } from './ticket-math';
import { parseSigned } from './ticket-math';
import { formatUsdt } from './trading-format';

/**
 * Input descriptions in a darker grey than Mantine's "dimmed", which is below 4.5:1 on white
 * (WCAG AA contrast for small text).
 */
export const INPUT_STYLES = { description: { color: 'var(--mantine-color-dimmed)' } } as const;

/** SPEC §0.7: leveraged products show a risk warning, in full, before and at every order. */
export function RiskWarning({ compact = false, id }: { compact?: boolean; id?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      id={id}
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('trading.risk.title')}
      p={compact ? 'xs' : undefined}
      styles={{ title: { color: 'var(--mantine-color-bright)' } }}
      data-testid="risk-warning"
    >
      <Text size="xs">{t('trading.risk.text')}</Text>
    </Alert>
  );
}

/** A profit or loss in USDT, signed and coloured by the reader's rise/fall convention. */
export function PnlText({
  value,
  locale,
  testId,
  size = 'sm',
  title,
}: {
  value: Decimal | string | null;
  locale: string;
  testId?: string;
  size?: string;
  title?: string;
}) {
  const decimal = typeof value === 'string' ? parseSigned(value) : value;
  const sign = decimal ? decimal.sign() : 0;
  return (
    <TrendText
      sign={sign}
      size={size}
      fw={600}
      className="ob-amount"
      testId={testId}
      // Rounded to 2 places; the exact amount is in the tooltip.
      title={
        title ??
        (decimal && isRounded(decimal, 'USDT') ? exactAmount(decimal, 'USDT', locale, { signed: true }) : undefined)
      }
    >
      {formatUsdt(decimal, locale, true)}
    </TrendText>
  );
}

/** Buy or Sell, coloured as a rise or a fall in the reader's convention (outlined: its text keeps AA contrast). */
export function SideBadge({ side }: { side: Side }) {
  const { t } = useTranslation();
  const { colours } = useColourConvention();
  return (
    <Badge variant="outline" color={side === 'long' ? colours.upText : colours.downText} className="ob-source-badge">
      {t(`trading.side.${side}`)}
    </Badge>
  );
}

export type Figure = { term: string; value: ReactNode };

/**
 * Terms and figures, one per line: the figure sits at the end of its term's line and moves
 * under it when the column is too narrow for both (a narrow ticket, a phone).
 */
export function FigureList({ items, testId }: { items: Figure[]; testId?: string }) {
  return (
    <Stack component="dl" gap={6} m={0} data-testid={testId}>
      {items.map((item) => (
        <Group key={item.term} justify="space-between" align="flex-start" gap={4} wrap="wrap">
          <Text component="dt" size="sm" c="dimmed">
            {item.term}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} ms="auto" ta="end">
            {item.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The frame of every trading dialog: centred, full screen on phones, a close button with a
 * label, and not closable while its request is being sent (the answer must reach the user).
 */
export function TradingModal({
  opened = true,
  title,
  busy,
  onClose,
  size,
  children,
}: {
  opened?: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      fullScreen={isPhone}
      size={size}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {children}
    </Modal>
  );
}

/** A dialog's form: Enter submits, the page does not reload, and our checks replace the browser's. */
export function ModalForm({ onSubmit, children }: { onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      {children}
    </form>
  );
}
