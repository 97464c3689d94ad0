import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type {
  TAdminDashboard,
  TAdminDashboardAccount,
  TAdminDashboardAlert,
  TAdminDashboardBook,
  TAdminDashboardFailedJob,
  TAdminDashboardFeed,
  TAdminDashboardHealth,
  TAdminDashboardJobs,
} from '@openbourse/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { QueryState } from '../../../shared/ui/QueryState';
import { useUserInfo } from '../../identity/identity.api';
import { SupportDashboardCard } from '../support/SupportDashboardCard';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { useDashboard } from './dashboard.api';
import { formatCount, formatMoney, formatPrice, formatUptime, localeOf } from './dashboard-format';

/**
 * Badge colours whose text meets WCAG AA (4.5:1): white on teal.9, red.9 and gray.7, and the
 * warning yellow with dark text (autoContrast). Each badge also says its state in words, so the
 * colour is never the only sign.
 */
const BADGE = { good: 'teal.9', bad: 'red.9', warn: 'yellow.5', neutral: 'gray.7' } as const;

/** The reader's locale, following a change of language (useTranslation re-renders on it). */
function useDashboardLocale(): string {
  useTranslation();
  return localeOf(currentLanguage());
}

function useTimeFormat(locale: string, withDate: boolean) {
  return useMemo(
    () =>
      new Intl.DateTimeFormat(
        locale,
        withDate ? { dateStyle: 'medium', timeStyle: 'medium' } : { timeStyle: 'medium' },
      ),
    [locale, withDate],
  );
}

/** A titled part of the page (an h2 naming the region). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One figure with its label. */
function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function UsersPart({ users, locale }: { users: TAdminDashboard['users']; locale: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin.dashboard.users.title')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Stat label={t('admin.dashboard.users.total')} value={formatCount(users.total, locale)} testId="users-total" />
        <Stat
          label={t('admin.dashboard.users.today')}
          value={formatCount(users.registeredToday, locale)}
          testId="users-today"
        />
        <Stat
          label={t('admin.dashboard.users.online')}
          value={formatCount(users.onlineNow, locale)}
          testId="users-online"
        />
      </SimpleGrid>
    </Section>
  );
}

function TradingPart({ books, locale }: { books: readonly TAdminDashboardBook[]; locale: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin.dashboard.trading.title')}>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {books.map((book) => (
          <Paper key={book.book} withBorder p="md" radius="md" data-testid={`book-${book.book}`}>
            <Title order={3} size="h5" mb="xs">
              {t(`admin.dashboard.books.${book.book}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <div>
                <Text size="sm" c="dimmed">
                  {t('admin.dashboard.trading.openPositions')}
                </Text>
                <Text fw={700} size="lg" data-testid={`book-${book.book}-open`}>
                  {formatCount(book.openPositions, locale)}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  {t('admin.dashboard.trading.pendingOrders')}
                </Text>
                <Text fw={700} size="lg" data-testid={`book-${book.book}-pending`}>
                  {formatCount(book.pendingOrders, locale)}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  {t('admin.dashboard.trading.marginInUse')}
                </Text>
                <Text fw={700} size="lg" data-testid={`book-${book.book}-margin`}>
                  {t('admin.dashboard.trading.usdt', { amount: formatMoney(book.marginInUse, locale) })}
                </Text>
              </div>
            </SimpleGrid>
          </Paper>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function AccountsPart({ accounts, locale }: { accounts: readonly TAdminDashboardAccount[]; locale: string }) {
  const { t } = useTranslation();
  const columns: ReadonlyArray<AdminColumn<TAdminDashboardAccount>> = [
    {
      key: 'book',
      header: t('admin.dashboard.accounts.columns.book'),
      render: (row) => t(`admin.dashboard.books.${row.book}`),
      sortValue: (row) => row.book,
    },
    {
      key: 'asset',
      header: t('admin.dashboard.accounts.columns.asset'),
      render: (row) => row.asset,
      sortValue: (row) => row.asset,
    },
    {
      key: 'kind',
      header: t('admin.dashboard.accounts.columns.kind'),
      render: (row) => t(`admin.dashboard.accounts.kinds.${row.kind}`),
      sortValue: (row) => row.kind,
    },
    {
      key: 'balance',
      header: t('admin.dashboard.accounts.columns.balance'),
      render: (row) => (
        <span data-testid={`account-${row.book}-${row.asset}-${row.kind}`}>{formatMoney(row.balance, locale)}</span>
      ),
      numeric: true,
    },
  ];
  return (
    <Section title={t('admin.dashboard.accounts.title')}>
      <AdminTable
        caption={t('admin.dashboard.accounts.caption')}
        columns={columns}
        rows={accounts}
        rowKey={(row) => `${row.book}-${row.asset}-${row.kind}`}
        empty={t('admin.dashboard.accounts.empty')}
      />
    </Section>
  );
}

function QueuesPart({ queues, locale }: { queues: TAdminDashboard['queues']; locale: string }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  // The queues' pages open for reviewers (an admin holds every role, as areas.ts says); a support
  // agent sees the counts only. (Not imported from areas.ts, which lazily imports this page.)
  const roles = user.data?.roles ?? [];
  const canOpen = roles.includes('reviewer') || roles.includes('admin');
  return (
    <Section title={t('admin.dashboard.queues.title')}>
      {queues.length === 0 ? (
        <Text c="dimmed">{t('admin.dashboard.queues.empty')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {queues.map((queue) => {
            const name = t(`admin.dashboard.queues.kinds.${queue.kind}`);
            return (
              <Paper component="li" key={queue.kind} withBorder p="sm" radius="md" data-testid={`queue-${queue.kind}`}>
                <Group justify="space-between" wrap="nowrap">
                  {canOpen ? (
                    <Anchor component={Link} to={`/admin/queues/${queue.kind}`}>
                      {name}
                    </Anchor>
                  ) : (
                    <Text>{name}</Text>
                  )}
                  <Badge autoContrast color={queue.pending > 0 ? BADGE.warn : BADGE.neutral}>
                    {t('admin.dashboard.queues.pending', { n: formatCount(queue.pending, locale) })}
                  </Badge>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Section>
  );
}

/** The support chat's figures; the inbox link for support agents (an admin holds every role). */
function SupportPart({ figures, locale }: { figures: TAdminDashboard['support']; locale: string }) {
  const user = useUserInfo();
  const roles = user.data?.roles ?? [];
  const canOpen = roles.includes('support') || roles.includes('admin');
  return <SupportDashboardCard figures={figures} locale={locale} canOpenInbox={canOpen} />;
}

function FeedStatus({ feed }: { feed: TAdminDashboardFeed }) {
  const { t } = useTranslation();
  if (feed.isStale)
    return (
      <Badge autoContrast color={BADGE.bad}>
        {t('admin.dashboard.feeds.stale')}
      </Badge>
    );
  if (!feed.tradable)
    return (
      <Badge autoContrast color={BADGE.neutral}>
        {t('admin.dashboard.feeds.closed')}
      </Badge>
    );
  return (
    <Badge autoContrast color={BADGE.good}>
      {t('admin.dashboard.feeds.live')}
    </Badge>
  );
}

function FeedsPart({ feeds, locale }: { feeds: readonly TAdminDashboardFeed[]; locale: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat(locale, true);
  const columns: ReadonlyArray<AdminColumn<TAdminDashboardFeed>> = [
    {
      key: 'code',
      header: t('admin.dashboard.feeds.columns.code'),
      render: (row) => (
        <span data-testid={`feed-${row.code}`}>
          {row.code}
          {!row.enabled && (
            <Text component="span" size="xs" c="dimmed" ms={6}>
              {t('admin.dashboard.feeds.notListed')}
            </Text>
          )}
        </span>
      ),
      sortValue: (row) => row.code,
    },
    {
      key: 'source',
      header: t('admin.dashboard.feeds.columns.source'),
      render: (row) => (row.source === 'none' ? t('admin.dashboard.feeds.noSource') : row.source),
      sortValue: (row) => row.source,
    },
    {
      key: 'price',
      header: t('admin.dashboard.feeds.columns.price'),
      render: (row) => (row.price === null ? '—' : formatPrice(row.price, locale)),
      numeric: true,
    },
    {
      key: 'updated',
      header: t('admin.dashboard.feeds.columns.updated'),
      render: (row) => (row.updatedAt ? time.format(new Date(row.updatedAt)) : t('admin.dashboard.feeds.never')),
      sortValue: (row) => row.updatedAt ?? '',
    },
    {
      key: 'status',
      header: t('admin.dashboard.feeds.columns.status'),
      render: (row) => <FeedStatus feed={row} />,
      sortValue: (row) => (row.isStale ? 0 : row.tradable ? 2 : 1),
    },
  ];
  const staleCount = feeds.filter((feed) => feed.isStale).length;
  return (
    <Section title={t('admin.dashboard.feeds.title')}>
      <Text size="sm" c={staleCount > 0 ? 'red' : 'dimmed'} data-testid="feeds-stale-count">
        {t('admin.dashboard.feeds.staleCount', { n: formatCount(staleCount, locale) })}
      </Text>
      <AdminTable
        caption={t('admin.dashboard.feeds.caption')}
        columns={columns}
        rows={feeds}
        rowKey={(row) => row.code}
        empty={t('admin.dashboard.feeds.empty')}
      />
    </Section>
  );
}

const STATE_COLOURS = { ok: BADGE.good, down: BADGE.bad, off: BADGE.neutral } as const;

function HealthPart({ health, locale }: { health: TAdminDashboardHealth; locale: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat(locale, true);
  const rows: Array<{ key: string; label: string; value: ReactNode }> = [
    {
      key: 'database',
      label: t('admin.dashboard.health.database'),
      value: (
        <Badge autoContrast color={STATE_COLOURS[health.database]}>
          {t(`admin.dashboard.health.state.${health.database}`)}
        </Badge>
      ),
    },
    {
      key: 'redis',
      label: t('admin.dashboard.health.redis'),
      value: (
        <Badge autoContrast color={STATE_COLOURS[health.redis]}>
          {t(`admin.dashboard.health.state.${health.redis}`)}
        </Badge>
      ),
    },
    {
      key: 'readiness',
      label: t('admin.dashboard.health.readiness'),
      value: health.ready ? (
        <Badge autoContrast color={BADGE.good}>
          {t('admin.dashboard.health.ready')}
        </Badge>
      ) : (
        <Group gap="xs">
          <Badge autoContrast color={BADGE.warn}>
            {t('admin.dashboard.health.notReady')}
          </Badge>
          <Text size="sm">{t('admin.dashboard.health.loading', { parts: health.loading.join(', ') })}</Text>
        </Group>
      ),
    },
    {
      key: 'uptime',
      label: t('admin.dashboard.health.uptime'),
      value: (
        <Text size="sm">
          {formatUptime(health.uptimeSeconds, locale)}{' '}
          <Text component="span" size="sm" c="dimmed">
            {t('admin.dashboard.health.startedAt', { time: time.format(new Date(health.startedAt)) })}
          </Text>
        </Text>
      ),
    },
  ];
  return (
    <Section title={t('admin.dashboard.health.title')}>
      <Paper withBorder p="md" radius="md">
        <Stack component="dl" gap="xs" m={0}>
          {rows.map((row) => (
            <Group key={row.key} gap="md" wrap="nowrap" align="center" data-testid={`health-${row.key}`}>
              <Text component="dt" fw={600} size="sm" w={140}>
                {row.label}
              </Text>
              <Text component="dd" m={0} size="sm">
                {row.value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Section>
  );
}

/** A due job waiting longer than this means no worker is taking jobs: shown as a warning. */
const JOBS_WAITING_WARN_MS = 5 * 60 * 1000;

function JobsPart({ jobs, measuredAt, locale }: { jobs: TAdminDashboardJobs; measuredAt: string; locale: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat(locale, true);
  const isWaitingLong =
    jobs.oldestDueAt !== null && Date.parse(measuredAt) - Date.parse(jobs.oldestDueAt) > JOBS_WAITING_WARN_MS;
  const columns: ReadonlyArray<AdminColumn<TAdminDashboardFailedJob>> = [
    {
      key: 'name',
      header: t('admin.dashboard.jobs.failures.columns.name'),
      render: (row) => <span data-testid={`job-failure-${row.id}`}>{row.name}</span>,
      sortValue: (row) => row.name,
    },
    {
      key: 'attempts',
      header: t('admin.dashboard.jobs.failures.columns.attempts'),
      render: (row) =>
        t('admin.dashboard.jobs.failures.attempts', {
          n: formatCount(row.attempts, locale),
          max: formatCount(row.maxAttempts, locale),
        }),
      numeric: true,
    },
    {
      key: 'error',
      header: t('admin.dashboard.jobs.failures.columns.error'),
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {row.lastError}
        </Text>
      ),
    },
    {
      key: 'failedAt',
      header: t('admin.dashboard.jobs.failures.columns.failedAt'),
      render: (row) => time.format(new Date(row.failedAt)),
      sortValue: (row) => row.failedAt,
    },
  ];
  return (
    <Section title={t('admin.dashboard.jobs.title')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label={t('admin.dashboard.jobs.queued')} value={formatCount(jobs.queued, locale)} testId="jobs-queued" />
        <Stat label={t('admin.dashboard.jobs.due')} value={formatCount(jobs.due, locale)} testId="jobs-due" />
        <Stat
          label={t('admin.dashboard.jobs.running')}
          value={formatCount(jobs.running, locale)}
          testId="jobs-running"
        />
        <Stat
          label={t('admin.dashboard.jobs.failed')}
          value={formatCount(jobs.failedLastDay, locale)}
          testId="jobs-failed"
        />
      </SimpleGrid>
      <Text size="sm" c={isWaitingLong ? 'red' : 'dimmed'} data-testid="jobs-waiting">
        {jobs.oldestDueAt === null
          ? t('admin.dashboard.jobs.noneWaiting')
          : t(isWaitingLong ? 'admin.dashboard.jobs.waitingLong' : 'admin.dashboard.jobs.waitingSince', {
              time: time.format(new Date(jobs.oldestDueAt)),
            })}
      </Text>
      <Title order={3} size="h5">
        {t('admin.dashboard.jobs.failures.title')}
      </Title>
      <AdminTable
        caption={t('admin.dashboard.jobs.failures.caption')}
        columns={columns}
        rows={jobs.recentFailures}
        rowKey={(row) => row.id}
        empty={t('admin.dashboard.jobs.failures.empty')}
      />
    </Section>
  );
}

/** A detail value as text: strings as they are, anything else as JSON. */
function detailText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function AlertsPart({ alerts, locale }: { alerts: readonly TAdminDashboardAlert[]; locale: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat(locale, true);
  return (
    <Section title={t('admin.dashboard.alerts.title')}>
      <Text size="sm" c={alerts.length > 0 ? 'red' : 'dimmed'} data-testid="alerts-count">
        {alerts.length === 0
          ? t('admin.dashboard.alerts.empty')
          : t('admin.dashboard.alerts.count', { n: formatCount(alerts.length, locale) })}
      </Text>
      {alerts.length > 0 && (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {alerts.map((alert) => {
            const details = Object.entries(alert.details);
            return (
              <Paper component="li" key={alert.id} withBorder p="sm" radius="md" data-testid={`alert-${alert.id}`}>
                <Group gap="xs" wrap="wrap" mb={4}>
                  <Badge autoContrast color={BADGE.bad}>
                    {t('admin.dashboard.alerts.open')}
                  </Badge>
                  <Text component="span" ff="monospace" size="sm">
                    {alert.kind}
                  </Text>
                </Group>
                <Text fw={600} style={{ wordBreak: 'break-word' }}>
                  {alert.message}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('admin.dashboard.alerts.raisedAt', { time: time.format(new Date(alert.createdAt)) })}
                  {alert.occurrences > 1 &&
                    ` · ${t('admin.dashboard.alerts.repeated', {
                      n: formatCount(alert.occurrences, locale),
                      time: time.format(new Date(alert.lastSeenAt)),
                    })}`}
                </Text>
                {details.length > 0 && (
                  <Stack component="dl" gap={0} m={0} mt={4}>
                    {details.map(([key, value]) => (
                      <Group key={key} gap="xs" wrap="nowrap" align="baseline">
                        <Text component="dt" size="sm" fw={600}>
                          {key}
                        </Text>
                        <Text component="dd" size="sm" m={0} ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {detailText(value)}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

/**
 * The back office's first page (#14): users, positions and margin per book, the open operator
 * alerts, the server's health, the background work, the review queues, the system accounts and
 * the price feeds, all measured by the server when asked; asked again every 15 seconds, or at
 * once with Refresh.
 */
export default function DashboardArea() {
  const { t } = useTranslation();
  const locale = useDashboardLocale();
  const dashboard = useDashboard();
  const clock = useTimeFormat(locale, false);
  const measuredAt = dashboard.data?.measuredAt;
  return (
    <AdminPage
      title={t('admin.dashboard.title')}
      description={t('admin.dashboard.description')}
      actions={
        <Group gap="sm">
          {measuredAt && (
            <Text size="sm" c="dimmed" data-testid="dashboard-updated-at">
              {t('admin.dashboard.updatedAt', { time: clock.format(new Date(measuredAt)) })}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={
              dashboard.isFetching ? <Loader size={14} aria-hidden /> : <IconRefresh size={16} aria-hidden />
            }
            aria-busy={dashboard.isFetching}
            onClick={() => void dashboard.refetch()}
          >
            {t('admin.dashboard.refresh')}
          </Button>
        </Group>
      }
    >
      <QueryState query={dashboard}>
        {(data) => (
          <Stack gap="lg">
            <UsersPart users={data.users} locale={locale} />
            <TradingPart books={data.trading} locale={locale} />
            <AlertsPart alerts={data.alerts} locale={locale} />
            <HealthPart health={data.health} locale={locale} />
            <JobsPart jobs={data.jobs} measuredAt={data.measuredAt} locale={locale} />
            <QueuesPart queues={data.queues} locale={locale} />
            {/* A server older than the support module answers no figures: the card waits for one that does. */}
            {data.support && <SupportPart figures={data.support} locale={locale} />}
            <AccountsPart accounts={data.accounts} locale={locale} />
            <FeedsPart feeds={data.feeds} locale={locale} />
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}
