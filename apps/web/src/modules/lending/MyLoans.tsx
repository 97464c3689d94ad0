import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { useDateTime } from '../kyc/kyc-format';
import { useLocale } from '../market/use-locale';
import { useLoans } from './lending.api';
import { formatDays } from './loan-format';
import { Amount, kindKey, LoanStatusBadge } from './parts';

/** The borrower's loans, newest first, each opening its page (GET /user/listLoanRecord). */
export function MyLoans() {
  const { t } = useTranslation();
  const loans = useLoans();
  return (
    <QueryState query={loans}>
      {(data) =>
        data.items.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="my-loans-empty">
            {t('lending.page.myLoans.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="my-loans">
            {data.items.map((loan) => (
              <LoanLine key={loan.id} loan={loan} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

function LoanLine({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dateTime = useDateTime();
  const due = loan.dueDate
    ? dateTime(loan.dueDate)
    : t('lending.common.daysAfterPayout', { days: formatDays(loan.term, locale) });
  return (
    <Paper component="li" withBorder p="sm" data-testid="my-loan" data-loan-id={loan.id} data-status={loan.status}>
      <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
        <Anchor component={Link} to={`/loan/${loan.id}`} fw={600}>
          {t('lending.page.myLoans.name', { id: loan.id, kind: t(kindKey(loan.kind)) })}
        </Anchor>
        <LoanStatusBadge status={loan.status} size="sm" />
      </Group>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t('lending.common.amount')}: <Amount value={loan.amount} asset={loan.asset} />
        </Text>
        {(loan.status === 'repaying' || loan.status === 'overdue') && (
          <Text size="sm">
            {t('lending.common.outstanding')}: <Amount value={loan.outstanding} asset={loan.asset} />
          </Text>
        )}
        <Text size="sm">
          {t('lending.common.dueDate')}: {due}
        </Text>
      </Group>
      {loan.status === 'awaiting_signature' && (
        <Text size="sm" c="blue.8" mt={4}>
          {loan.signatureExpiresAt
            ? t('lending.page.myLoans.signBy', { time: dateTime(loan.signatureExpiresAt) })
            : t('lending.page.myLoans.sign')}
        </Text>
      )}
    </Paper>
  );
}
