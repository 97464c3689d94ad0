import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Figure, FigureList, RiskWarning, TradingModal } from './TradingParts';

export type SummaryRow = Figure;

/**
 * The order as it will be sent, with every figure and the risk warning; nothing is sent before
 * Confirm. Focus starts on Cancel (the harmless choice), stays inside, and returns to the
 * ticket's button when the dialog closes (Mantine's focus trap).
 */
export function ConfirmOrderModal({
  opened,
  title,
  rows,
  note,
  blockedReason,
  confirmLabel,
  isSending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  rows: SummaryRow[];
  note?: string;
  /** Set when the market closed or went stale while the dialog was open. */
  blockedReason: string | null;
  confirmLabel: string;
  isSending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TradingModal opened={opened} title={title} busy={isSending} onClose={onClose} size="md">
      <Stack gap="md" data-testid="confirm-order">
        <FigureList items={rows} testId="confirm-order-facts" />
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        <RiskWarning compact />
        {blockedReason && (
          <Alert color="red" variant="light" role="alert" p="xs">
            <Text size="sm">{blockedReason}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSending} data-autofocus>
            {t('trading.confirm.cancel')}
          </Button>
          <Button
            onClick={onConfirm}
            loading={isSending}
            disabled={blockedReason !== null}
            data-testid="confirm-order-submit"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </TradingModal>
  );
}
