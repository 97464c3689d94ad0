import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a money form's request came to: said as a status (success) or an alert (refusal). */
export type FormOutcomeState = { tone: 'success' | 'error'; text: string };

export function FormOutcome({
  outcome,
  testId,
  my,
}: {
  outcome: FormOutcomeState | null;
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

/**
 * The confirmation before money moves (repay, a repayment application, collateral added): what
 * will happen, Back, and the confirming button; not closable while the request is in flight.
 */
export function ConfirmMove({
  opened,
  pending,
  title,
  confirmLabel,
  testId,
  onClose,
  onConfirm,
  children,
}: {
  opened: boolean;
  pending: boolean;
  title: string;
  confirmLabel: string;
  testId: string;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => (pending ? undefined : onClose())} title={title} centered>
      <Stack gap="sm" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('lending.common.back')}
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid={`${testId}-submit`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
