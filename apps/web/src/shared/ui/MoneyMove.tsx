import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** What a money request came to: said as a status (success) or an alert (refusal), in the reader's language. */
export type MoneyOutcome = { tone: 'success' | 'error'; text: string };

export function MoneyOutcomeAlert({
  outcome,
  testId,
  my,
}: {
  outcome: MoneyOutcome | null;
  testId: string;
  my?: string;
}) {
  if (!outcome) return null;
  return (
    <Alert
      color={outcome.tone === 'success' ? 'teal' : 'red'}
      role={outcome.tone === 'success' ? 'status' : 'alert'}
      my={my}
      data-testid={`${testId}-${outcome.tone}`}
    >
      {outcome.text}
    </Alert>
  );
}

/** What a module's confirmation is given; the module adds its own words for Back (and Close). */
export type ConfirmMoveProps = {
  opened: boolean;
  pending: boolean;
  title: string;
  confirmLabel: string;
  testId: string;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
};

/**
 * The confirmation before money moves: what will happen, Back, and the confirming button; not
 * closable while the request is in flight; with `fullScreenOnPhone`, the whole screen on a phone.
 */
export function ConfirmMoneyMove({
  opened,
  pending,
  title,
  confirmLabel,
  testId,
  onClose,
  onConfirm,
  children,
  backLabel,
  closeLabel,
  fullScreenOnPhone = false,
}: ConfirmMoveProps & { backLabel: string; closeLabel?: string; fullScreenOnPhone?: boolean }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={() => (pending ? undefined : onClose())}
      title={title}
      centered
      fullScreen={fullScreenOnPhone && isPhone}
      closeButtonProps={closeLabel === undefined ? undefined : { 'aria-label': closeLabel }}
    >
      <Stack gap="sm" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {backLabel}
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid={`${testId}-submit`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
