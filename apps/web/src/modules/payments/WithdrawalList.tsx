import { Card, Group, Pagination, Stack, Text } from '@mantine/core';
import type { TWithdrawal } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { useLocale } from '../market/use-locale';
import { StatusBadge, TxHash } from './parts';
import { HISTORY_PAGE_SIZE, useWithdrawals } from './payments.api';
import { shortHash } from './payments-logic';

/** This user's withdrawals, newest first, with the state, the fee, the hash and why one failed. */
export function WithdrawalList({ paged = false }: { paged?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);
  const pages = withdrawals.data ? Math.max(1, Math.ceil(withdrawals.data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <Stack gap="sm">
      <QueryState query={withdrawals}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="gray.7" ta="center" py="md" data-testid="withdrawals-empty">
              {t('payments.withdraw.noWithdrawals')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" className="ob-plain-list" data-testid="withdrawal-list">
              {data.items.map((withdrawal) => (
                <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {paged && pages > 1 && (
        <Group component="nav" aria-label={t('payments.common.pages')} justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('payments.common.previousPage') : t('payments.common.nextPage'),
            })}
            getItemProps={(item) => ({
              'aria-label': t('payments.common.page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
          />
        </Group>
      )}
    </Stack>
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
        <Text size="sm" c="gray.7">
          {withdrawal.networkLabel}
        </Text>
        <Text size="sm" c="gray.7">
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
        <Text size="sm" c="red.9" mt={4} data-testid="withdrawal-reason">
          {t('payments.common.reason', { reason: withdrawal.reason })}
        </Text>
      )}
    </Card>
  );
}
