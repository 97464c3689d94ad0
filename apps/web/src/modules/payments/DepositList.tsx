import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { TDeposit } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../market/use-locale';
import { HistoryList } from './HistoryList';
import { StatusBadge, TxHash } from './parts';
import { useDeposits } from './payments.api';

/**
 * This user's deposits, newest first: while one is collecting confirmations the list is asked
 * again every 2 s and its "1 / 2" is announced to screen readers as it climbs.
 */
export function DepositList({ paged = false }: { paged?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <HistoryList
      query={useDeposits(page)}
      page={page}
      onPage={setPage}
      paged={paged}
      empty={{ text: t('payments.deposit.noDeposits'), testId: 'deposits-empty' }}
      listTestId="deposit-list"
      row={(deposit) => <DepositRow key={deposit.id} deposit={deposit} />}
    />
  );
}

function DepositRow({ deposit }: { deposit: TDeposit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  // A transfer seen on chain counts confirmations; a manual claim waits for an operator instead.
  const hasConfirmations = deposit.source !== 'manual' && deposit.requiredConfirmations > 0;
  const isClimbing = hasConfirmations && deposit.status === 'pending';
  const seen = Math.min(deposit.confirmations, deposit.requiredConfirmations);
  return (
    <Card withBorder padding="sm" component="li" data-testid="deposit-row" data-status={deposit.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} className="ob-amount">
          {deposit.amount} {deposit.asset}
        </Text>
        <StatusBadge status={deposit.status} testId="deposit-status" />
      </Group>
      <Group gap="md" mt={4} wrap="wrap">
        <Text size="sm" c="dimmed">
          {deposit.networkLabel}
        </Text>
        <Text size="sm" c="dimmed">
          {time.format(new Date(deposit.createdAt))}
        </Text>
        <Text size="sm">
          {t('payments.common.hash')}: <TxHash hash={deposit.txHash} url={deposit.txUrl} />
        </Text>
      </Group>
      {hasConfirmations && (
        <Stack gap={4} mt="xs">
          {/* Announced as it climbs (1 / 2, then 2 / 2); the bar shows it while it does. */}
          <Text size="sm" role="status" aria-live="polite" data-testid="deposit-confirmations">
            {t('payments.deposit.confirmations', { seen, required: deposit.requiredConfirmations })}
          </Text>
          {isClimbing && <Progress value={(seen / deposit.requiredConfirmations) * 100} size="sm" aria-hidden />}
        </Stack>
      )}
      {deposit.status === 'credited' && (
        <Text size="sm" c="teal" mt={4} role="status" aria-live="polite">
          {t('payments.deposit.creditedNote')}
        </Text>
      )}
      {deposit.status === 'below_minimum' && (
        <Text size="sm" mt={4}>
          {t('payments.deposit.belowMinimumNote')}
        </Text>
      )}
      {deposit.reason &&
        (deposit.status === 'rejected' || deposit.status === 'orphaned' || deposit.status === 'below_minimum') && (
          <Text size="sm" c="red" mt={4} data-testid="deposit-reason">
            {t('payments.common.reason', {
              // A code the watcher or the review queue wrote (its text in the user's language).
              reason: t(`payments.deposit.reasons.${deposit.reason}`, { defaultValue: deposit.reason }),
            })}
          </Text>
        )}
    </Card>
  );
}
