import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { isLanguage, type TNotification } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { useSession } from '../identity/session';
import { useLocale } from '../market/use-locale';
import { renderNotification } from './notification-text';
import {
  NOTIFICATION_LIST_SIZE,
  useMarkRead,
  useNotificationList,
  useNotificationSettings,
  useUpdateNotificationSettings,
} from './notify.api';

/** `/profile/notification` (SPEC §2): the user's notifications, newest first, read and unread, paged. */
export default function NotificationPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  if (!token) {
    // Notifications are a signed-in user's: a visitor is offered the sign-in instead of a spinner.
    return (
      <Container size="md" py="xl">
        <Title order={1} mb="md">
          {t('notify.title')}
        </Title>
        <Button component={Link} to="/pass/login">
          {t('nav.login')}
        </Button>
      </Container>
    );
  }
  return <Notifications />;
}

function Notifications() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useNotificationList(page, filter === 'unread');
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / NOTIFICATION_LIST_SIZE)) : 1;
  return (
    <Container size="md" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t('notify.title')}</Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="notification-unread">
            {t('notify.unreadCount', { count: unread })}
          </Text>
        </Stack>
        <Button
          variant="light"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="mark-all-read"
        >
          {t('notify.markAllRead')}
        </Button>
      </Group>
      <Stack gap="md">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value === 'unread' ? 'unread' : 'all');
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('notify.filterAll') },
            { value: 'unread', label: t('notify.filterUnread') },
          ]}
          aria-label={t('notify.filter')}
          w={{ base: '100%', xs: 'auto' }}
        />
        <QueryState query={list}>
          {(data) =>
            data.items.length === 0 ? (
              <Text c="dimmed" py="lg" ta="center" data-testid="notifications-empty">
                {filter === 'unread' ? t('notify.emptyUnread') : t('notify.empty')}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap="xs"
                p={0}
                m={0}
                aria-busy={list.isPlaceholderData}
                style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
                data-testid="notification-list"
              >
                {data.items.map((item) => (
                  <NotificationItem key={item.id} item={item} onRead={() => markRead.mutate({ id: item.id })} />
                ))}
              </Stack>
            )
          }
        </QueryState>
        {pages > 1 && (
          <Group component="nav" aria-label={t('notify.pages')} justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? t('notify.previousPage') : t('notify.nextPage'),
              })}
              getItemProps={(item) => ({
                'aria-label': t('notify.page', { page: item }),
                'aria-current': item === page ? 'page' : undefined,
              })}
            />
          </Group>
        )}
        <EmailSetting />
      </Stack>
    </Container>
  );
}

function NotificationItem({ item, onRead }: { item: TNotification; onRead: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { title, body } = renderNotification(item, language, locale);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(item.createdAt),
  );
  const fullValues = [item.params.txHash, item.params.address].filter(Boolean).join(' · ');
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      data-testid="notification-item"
      data-read={item.read ? 'true' : 'false'}
      className={item.read ? undefined : 'ob-notify-unread'}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {!item.read && (
              <Badge size="xs" color="blue.8" variant="filled">
                {t('notify.new')}
              </Badge>
            )}
            <Text fw={item.read ? 500 : 700}>{title}</Text>
          </Group>
          <Text size="sm" title={fullValues || undefined} style={{ overflowWrap: 'anywhere' }}>
            {body}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={item.createdAt}>
            {time}
          </Text>
        </Stack>
        {!item.read && (
          <UnstyledButton
            onClick={onRead}
            aria-label={t('notify.markReadNamed', { title })}
            className="ob-notify-mark"
            style={{
              whiteSpace: 'nowrap',
              fontSize: 'var(--mantine-font-size-sm)',
              color: 'var(--mantine-color-anchor)',
            }}
          >
            {t('notify.markRead')}
          </UnstyledButton>
        )}
      </Group>
    </Card>
  );
}

/** E-mail copies on or off; e-mails are written in the language the setting is saved in. */
function EmailSetting() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const hasEmail = Boolean(user?.email);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="notify-email">
      <Title order={2} size="h4" id="notify-email" mb="xs">
        {t('notify.emailTitle')}
      </Title>
      <Switch
        checked={settings.data?.email ?? false}
        disabled={!settings.data || update.isPending || (!hasEmail && !settings.data.email)}
        onChange={(event) => update.mutate(event.currentTarget.checked)}
        label={t('notify.emailSetting')}
        description={hasEmail ? t('notify.emailHint') : t('notify.emailNoAddress')}
        data-testid="notify-email-switch"
      />
    </Card>
  );
}
