import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { isReviewKind, REVIEW_STATUSES, type ReviewKind } from '@openbourse/contracts/constants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { QueueItemDrawer } from './QueueItemDrawer';
import { StatusBadge, useAmountText, useLocale, useMe } from './queue-parts';
import { firstApprover, type QueueItem } from './queue-rules';
import { QUEUE_PAGE_SIZE, useQueue, useQueues } from './queues.api';

/** The review queues (#14): every kind with its pending count, and one kind's items with their decisions. */
export default function QueuesArea() {
  return (
    <Routes>
      <Route index element={<QueuesIndex />} />
      <Route path=":kind/*" element={<QueueKindRoute />} />
    </Routes>
  );
}

function QueuesIndex() {
  const { t } = useTranslation();
  const queues = useQueues();
  return (
    <AdminPage title={t('admin.queues.title')} description={t('admin.queues.description')}>
      <QueryState query={queues} empty={t('admin.queues.noQueues')}>
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {rows.map(({ kind, pending }) => (
              <li key={kind}>
                <Card
                  component={Link}
                  to={`/admin/queues/${kind}`}
                  withBorder
                  padding="md"
                  data-testid={`queue-card-${kind}`}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{t(`admin.queues.kinds.${kind}`)}</Text>
                    <Badge
                      color={pending > 0 ? 'yellow' : 'gray'}
                      variant="dot"
                      tt="none"
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {t('admin.queues.pendingCount', { count: pending })}
                    </Badge>
                  </Group>
                </Card>
              </li>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </AdminPage>
  );
}

function QueueKindRoute() {
  const { t } = useTranslation();
  const { kind = '' } = useParams();
  if (!isReviewKind(kind)) {
    return (
      <AdminPage title={t('admin.queues.unknownTitle')}>
        <Alert color="yellow" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('admin.queues.unknownBody', { kind })}</Text>
            <Anchor component={Link} to="/admin/queues" size="sm">
              {t('admin.queues.allQueues')}
            </Anchor>
          </Stack>
        </Alert>
      </AdminPage>
    );
  }
  return <QueueKindPage kind={kind} />;
}

const STATUS_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

function readStatus(value: string | null): StatusFilter {
  return STATUS_FILTERS.find((status) => status === value) ?? 'pending';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

function QueueKindPage({ kind }: { kind: ReviewKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useMe();
  const amountText = useAmountText();
  const [search, setSearch] = useSearchParams();
  const status = readStatus(search.get('status'));
  const page = readPage(search.get('page'));
  const queue = useQueue(kind, status === 'all' ? null : status, page);
  const [selected, setSelected] = useState<QueueItem | null>(null);
  const kindName = t(`admin.queues.kinds.${kind}`);
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  // The page's answer names everyone it mentions; an id it does not name keeps its number.
  const names = queue.data?.names ?? {};
  const operator = (id: string) =>
    id === me ? t('admin.queues.you', { id }) : (names[id] ?? t('admin.queues.operator', { id }));
  const userName = (id: string) => names[id] ?? t('admin.queues.userLink', { id });

  const columns: AdminColumn<QueueItem>[] = [
    {
      key: 'id',
      header: t('admin.queues.columns.id'),
      render: (item) => `#${item.id}`,
      sortValue: (item) => Number(item.id),
    },
    {
      key: 'user',
      header: t('admin.queues.columns.user'),
      render: (item) => (
        <Anchor
          component={Link}
          to={`/admin/users/${item.userId}`}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          {userName(item.userId)}
        </Anchor>
      ),
      sortValue: (item) => Number(item.userId),
    },
    { key: 'summary', header: t('admin.queues.columns.summary'), render: (item) => item.summary },
    {
      key: 'amount',
      header: t('admin.queues.columns.amount'),
      render: (item) => amountText(item) ?? t('admin.queues.noAmount'),
      numeric: true,
    },
    {
      key: 'status',
      header: t('admin.queues.columns.status'),
      render: (item) => <StatusBadge status={item.status} />,
      sortValue: (item) => REVIEW_STATUSES.indexOf(item.status),
    },
    {
      key: 'claimedBy',
      header: t('admin.queues.columns.claimedBy'),
      render: (item) => (item.claimedBy ? operator(item.claimedBy) : t('admin.queues.notClaimed')),
    },
    {
      key: 'approvals',
      header: t('admin.queues.columns.approvals'),
      render: (item) => {
        const first = firstApprover(item);
        return (
          <Stack gap={0}>
            <Text size="sm">
              {t('admin.queues.approvalsCount', { count: item.approvals.length, required: item.requiredApprovals })}
            </Text>
            {first && (
              <Text size="xs" c="dimmed">
                {t('admin.queues.firstApprovedBy', { operator: operator(first) })}
              </Text>
            )}
          </Stack>
        );
      },
      sortValue: (item) => item.approvals.length,
    },
    {
      key: 'created',
      header: t('admin.queues.columns.created'),
      render: (item) => time.format(new Date(item.createdAt)),
      sortValue: (item) => item.createdAt,
    },
    {
      key: 'open',
      header: t('admin.queues.columns.open'),
      render: (item) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={(event) => {
            event.stopPropagation();
            setSelected(item);
          }}
          aria-label={t('admin.queues.openItem', { id: item.id })}
          data-testid={`queue-item-${item.id}`}
        >
          {t('admin.queues.open')}
        </Button>
      ),
    },
  ];

  const setFilter = (next: string) => setSearch(next === 'pending' ? {} : { status: next });
  const setPage = (next: number) =>
    setSearch({ ...(status === 'pending' ? {} : { status }), ...(next > 1 ? { page: String(next) } : {}) });
  // The drawer shows the freshest copy of the item: the list's after a refresh, else the last answer.
  const shown = selected ? (queue.data?.items.find((item) => item.id === selected.id) ?? selected) : null;

  return (
    <AdminPage
      title={kindName}
      description={t('admin.queues.kindDescription')}
      actions={
        <Anchor component={Link} to="/admin/queues" size="sm">
          {t('admin.queues.allQueues')}
        </Anchor>
      }
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="queue-status-label">
          {t('admin.queues.status.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="queue-status-label"
          value={status}
          onChange={setFilter}
          data={STATUS_FILTERS.map((value) => ({ value, label: t(`admin.queues.status.${value}`) }))}
          w="fit-content"
        />
      </Stack>
      <QueryState query={queue}>
        {(data) => (
          <AdminTable
            caption={t('admin.queues.caption', { kind: kindName, status: t(`admin.queues.status.${status}`) })}
            columns={columns}
            rows={data.items}
            rowKey={(item) => item.id}
            empty={t('admin.queues.empty')}
            paging={{ page, size: QUEUE_PAGE_SIZE, total: data.total, onPage: setPage }}
            onRowClick={setSelected}
          />
        )}
      </QueryState>
      <QueueItemDrawer
        item={shown}
        kindName={kindName}
        onClose={() => setSelected(null)}
        onAnswer={setSelected}
        operatorName={operator}
        userName={userName}
        reasons={queue.data?.reasons}
      />
    </AdminPage>
  );
}
