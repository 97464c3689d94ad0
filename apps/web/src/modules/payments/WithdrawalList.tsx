import { Card, Group, Text } from '@mantine/core';
import type { TWithdrawal } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../market/use-locale';
import { HistoryList } from './HistoryList';
import { StatusBadge, TxHash } from './parts';
import { useWithdrawals } from './payments.api';
import { shortHash } from './payments-logic';

/** This user's withdrawals, newest first, with the state, the fee, the hash and why one failed. */
export function WithdrawalList({ paged = false }: { paged?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <HistoryList
      query={useWithdrawals(page)}
      page={page}
      onPage={setPage}
      paged={paged}
      empty={{ text: t('payments.withdraw.noWithdrawals'), testId: 'withdrawals-empty' }}
      listTestId="withdrawal-list"
      row={(withdrawal) => <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />}
    />
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: TWithdrawal }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const hasFailed = withdrawal.status === 'rejected' || withdrawal.status === 'failed';
  return (
    <Card withBorder padding="sm" component="li" data-testid="withdrawal-row" data-status={withdrawal.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} className="ob-amount">
          {withdrawal.amount} {withdrawal.asset}
        </Text>
        <span role="status" aria-live="polite">
          <StatusBadge status={withdrawal.status} testId="withdrawal-status" />
        </span>
      </Group>
      <Group gap="md" mt={4} wrap="wrap">
        <Text size="sm" c="dimmed">
          {withdrawal.networkLabel}
        </Text>
        <Text size="sm" c="dimmed">
          {time.format(new Date(withdrawal.createdAt))}
        </Text>
        <Text size="sm">
          {t('payments.withdraw.feeShort')}: <span className="ob-amount">{withdrawal.fee}</span>
        </Text>
        <Text size="sm" title={withdrawal.address}>
          {t('payments.withdraw.to')}: <span className="ob-amount">{shortHash(withdrawal.address)}</span>
        </Text>
        <Text size="sm">
          {t('payments.common.hash')}: <TxHash hash={withdrawal.txHash} url={withdrawal.txUrl} />
        </Text>
      </Group>
      {hasFailed && withdrawal.reason && (
        <Text size="sm" c="red" mt={4} data-testid="withdrawal-reason">
          {t('payments.common.reason', { reason: withdrawal.reason })}
        </Text>
      )}
    </Card>
  );
}
