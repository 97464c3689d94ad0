import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../ui/AdminTable';
import type { Book } from './money-form';
import { Amount } from './money-parts';

type Balance = { book: Book; asset: string; available: string; held: string };

/** The user's balances, one table per book: asset, available, held. */
export function BalancesSection({ balances }: { balances: readonly Balance[] }) {
  const { t } = useTranslation();
  const books: Book[] = ['live', 'demo'];
  return (
    <Stack gap="lg">
      {books.map((book) => (
        <Stack key={book} gap="xs">
          <Title order={3} size="h5">
            {t(`admin.user-money.balances.heading.${book}`)}
          </Title>
          <AdminTable<Balance>
            caption={t(`admin.user-money.balances.heading.${book}`)}
            rows={balances.filter((balance) => balance.book === book)}
            rowKey={(row) => `${row.book}:${row.asset}`}
            empty={t('admin.user-money.balances.empty')}
            columns={[
              {
                key: 'asset',
                header: t('admin.user-money.balances.asset'),
                render: (row) => <span data-testid={`user-balance-${book}-${row.asset}`}>{row.asset}</span>,
                sortValue: (row) => row.asset,
              },
              {
                key: 'available',
                header: t('admin.user-money.balances.available'),
                render: (row) => <Amount value={row.available} />,
                numeric: true,
              },
              {
                key: 'held',
                header: t('admin.user-money.balances.held'),
                render: (row) => <Amount value={row.held} />,
                numeric: true,
              },
            ]}
          />
        </Stack>
      ))}
    </Stack>
  );
}
