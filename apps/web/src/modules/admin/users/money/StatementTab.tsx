import { Badge, Group, Stack, Text } from '@mantine/core';
import type { adminUserMoneyEndpoints, EndpointResponseOf } from '@openbourse/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../shared/ui/QueryState';
import { AdminTable } from '../../ui/AdminTable';
import type { Book } from './money-form';
import { Amount, BookPicker, When } from './money-parts';
import { MONEY_PAGE_SIZE, useUserStatement } from './user-money.api';

type Entry = EndpointResponseOf<typeof adminUserMoneyEndpoints.userStatement>['entries'][number];

/** The user's ledger statement in one book, newest first, paged by the server. */
export function StatementTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [book, setBook] = useState<Book>('live');
  const [page, setPage] = useState(1);
  const statement = useUserStatement(userId, book, page);
  // A reason the public statement page names is named the same way; an unknown code shows as it came.
  const reasonName = (code: string) => t(`ledger.reasons.${code}`, { defaultValue: code });
  return (
    <Stack gap="sm">
      <Group>
        <BookPicker
          testId="user-statement-book"
          value={book}
          onChange={(next) => {
            setBook(next);
            setPage(1);
          }}
        />
      </Group>
      <QueryState query={statement}>
        {(data) => (
          <AdminTable<Entry>
            caption={t(`admin.user-money.statement.caption.${book}`)}
            rows={data.entries}
            // A transfer between the user's own available and held accounts is listed on both sides.
            rowKey={(entry) => `${entry.id}:${entry.account}`}
            empty={t('admin.user-money.statement.empty')}
            paging={{ page, size: MONEY_PAGE_SIZE, total: data.total, onPage: setPage }}
            columns={[
              {
                key: 'time',
                header: t('admin.user-money.statement.time'),
                render: (entry) => (
                  <span data-testid="user-statement-entry">
                    <When iso={entry.time} />
                  </span>
                ),
                sortValue: (entry) => entry.time,
              },
              {
                key: 'reason',
                header: t('admin.user-money.statement.reason'),
                render: (entry) => (
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Text inherit>{reasonName(entry.reason)}</Text>
                      {entry.account === 'held' && (
                        <Badge size="sm" variant="outline" color="gray">
                          {t('admin.user-money.statement.held')}
                        </Badge>
                      )}
                    </Group>
                    {entry.note && (
                      <Text size="xs" c="dimmed">
                        {t('admin.user-money.statement.note', { note: entry.note })}
                      </Text>
                    )}
                  </Stack>
                ),
                sortValue: (entry) => reasonName(entry.reason),
              },
              {
                key: 'asset',
                header: t('admin.user-money.statement.asset'),
                render: (entry) => entry.asset,
                sortValue: (entry) => entry.asset,
              },
              {
                key: 'amount',
                header: t('admin.user-money.statement.amount'),
                render: (entry) => <Amount value={entry.amount} signed />,
                numeric: true,
              },
              {
                key: 'balanceAfter',
                header: t('admin.user-money.statement.balanceAfter'),
                render: (entry) => <Amount value={entry.balanceAfter} />,
                numeric: true,
              },
            ]}
          />
        )}
      </QueryState>
    </Stack>
  );
}
