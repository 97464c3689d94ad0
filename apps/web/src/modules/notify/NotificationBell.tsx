import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from './notify.api';

/**
 * The bell the shells show beside the profile entry while a user is signed in: it opens
 * `/profile/notification` and carries the unread count (capped at 99+), which the screen reader
 * hears in the button's name.
 */
export default function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount() ?? 0;
  const label = unread > 0 ? t('notify.bellUnread', { count: unread }) : t('notify.title');
  return (
    <Indicator
      label={unread > 99 ? '99+' : String(unread)}
      disabled={unread === 0}
      size={16}
      color="red.8"
      offset={4}
      data-testid="notification-badge"
    >
      <ActionIcon
        component={Link}
        to="/profile/notification"
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="notification-bell"
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
