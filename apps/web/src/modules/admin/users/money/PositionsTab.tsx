import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { adminUserMoneyEndpoints, EndpointResponseOf } from '@openbourse/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../shared/ui/QueryState';
import { AdminTable } from '../../ui/AdminTable';
import type { Book } from './money-form';
import { Amount, BookPicker, When } from './money-parts';
import { MONEY_PAGE_SIZE, type PositionStatus, useUserPositions } from './user-money.api';

type Position = EndpointResponseOf<typeof adminUserMoneyEndpoints.userPositions>['items'][number];

const STATUSES: PositionStatus[] = ['open', 'pending', 'closed'];

/** The user's positions (open), orders (pending) or history (closed and cancelled) in one book, paged by the server. */
export function PositionsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [book, setBook] = useState<Book>('live');
  const [status, setStatus] = useState<PositionStatus>('open');
  const [page, setPage] = useState(1);
  const positions = useUserPositions(userId, book, status, page);
  const statusName = (value: PositionStatus) => t(`admin.user-money.positions.status.${value}`);
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <BookPicker
          testId="user-positions-book"
          value={book}
          onChange={(next) => {
            setBook(next);
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label={t('admin.user-money.positions.statusLabel')}
          value={status}
          onChange={(next) => {
            setStatus(STATUSES.find((value) => value === next) ?? 'open');
            setPage(1);
          }}
          data={STATUSES.map((value) => ({
            value,
            label: <span data-testid={`user-positions-status-${value}`}>{statusName(value)}</span>,
          }))}
        />
      </Group>
      <QueryState query={positions}>
        {(data) => (
          <AdminTable<Position>
            caption={t('admin.user-money.positions.caption', {
              status: statusName(status),
              book: t(`admin.user-money.books.${book}`),
            })}
            rows={data.items}
            rowKey={(row) => row.orderNo}
            empty={t('admin.user-money.positions.empty')}
            paging={{ page, size: MONEY_PAGE_SIZE, total: data.total, onPage: setPage }}
            columns={[
              {
                key: 'orderNo',
                header: t('admin.user-money.positions.orderNo'),
                render: (row) => (
                  <Stack gap={2}>
                    <Text inherit ff="monospace" data-testid={`user-position-${row.orderNo}`}>
                      {row.orderNo}
                    </Text>
                    {row.status === 'cancelled' && (
                      <Badge size="sm" variant="outline" color="gray">
                        {t('admin.user-money.positions.cancelled')}
                      </Badge>
                    )}
                  </Stack>
                ),
                sortValue: (row) => row.orderNo,
              },
              {
                key: 'instrument',
                header: t('admin.user-money.positions.instrument'),
                render: (row) => row.code,
                sortValue: (row) => row.code,
              },
              {
                key: 'side',
                header: t('admin.user-money.positions.side'),
                render: (row) => (
                  <Text inherit style={{ whiteSpace: 'nowrap' }}>
                    {t(`admin.user-money.positions.sides.${row.side}`)}
                  </Text>
                ),
                sortValue: (row) => row.side,
              },
              {
                key: 'lots',
                header: t('admin.user-money.positions.lots'),
                render: (row) => <Amount value={row.lots} />,
                numeric: true,
              },
              {
                key: 'leverage',
                header: t('admin.user-money.positions.leverage'),
                render: (row) => t('admin.user-money.positions.leverageValue', { leverage: row.leverage }),
                sortValue: (row) => row.leverage,
                numeric: true,
              },
              {
                key: 'openPrice',
                header: t('admin.user-money.positions.openPrice'),
                render: (row) => <Amount value={row.openPrice ?? row.entryPrice} />,
                numeric: true,
              },
              {
                key: 'closePrice',
                header: t('admin.user-money.positions.closePrice'),
                render: (row) => <Amount value={row.closePrice} />,
                numeric: true,
              },
              {
                key: 'margin',
                header: t('admin.user-money.positions.margin'),
                render: (row) => <Amount value={row.margin} />,
                numeric: true,
              },
              {
                key: 'realisedPnl',
                header: t('admin.user-money.positions.realisedPnl'),
                render: (row) => <Amount value={row.realisedPnl} signed />,
                numeric: true,
              },
              {
                key: 'openedAt',
                header: t('admin.user-money.positions.openedAt'),
                render: (row) => <When iso={row.openedAt ?? row.createdAt} compact />,
                sortValue: (row) => row.openedAt ?? row.createdAt,
              },
              {
                key: 'closedAt',
                header: t('admin.user-money.positions.closedAt'),
                render: (row) => <When iso={row.closedAt} compact />,
                sortValue: (row) => row.closedAt ?? '',
              },
            ]}
          />
        )}
      </QueryState>
    </Stack>
  );
}
