import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Fact = { key: string; label: ReactNode; value: ReactNode; testId?: string };

/** A list of labelled facts (a product's terms, an order's figures), read as a description list. */
export function Facts({ facts, label }: { facts: ReadonlyArray<Fact | null | false>; label?: string }) {
  return (
    <dl className="ob-facts ob-savings-facts" aria-label={label}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** What a money request came to: a status (success) or an alert (refusal), in the reader's language. */
export type Outcome = { tone: 'success' | 'error'; text: string };

export function OutcomeAlert({ outcome, testId }: { outcome: Outcome | null; testId: string }) {
  if (!outcome) return null;
  return (
    <Alert
      color={outcome.tone === 'success' ? 'teal' : 'red'}
      role={outcome.tone === 'success' ? 'status' : 'alert'}
      data-testid={`${testId}-${outcome.tone}`}
    >
      {outcome.text}
    </Alert>
  );
}

/**
 * The confirmation before money moves: what will happen, Back, and the confirming button; not
 * closable while the request is in flight; the whole screen on a phone.
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
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={() => (pending ? undefined : onClose())}
      title={title}
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('savings.page.common.close') }}
    >
      <Stack gap="sm" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('savings.page.common.back')}
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid={`${testId}-submit`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
