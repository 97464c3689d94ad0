import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChartCandle, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthSettings, useLogout } from '../../modules/identity/identity.api';
import { displayUserName, session, useSession } from '../../modules/identity/session';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { useThemeChoices } from '../../shared/ui/AppearanceSettings';

/** The signed-in user's menu in the desktop top bar: profile, live/demo switch, log out. */
export default function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, mode } = useSession();
  const settings = useAuthSettings();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const themes = useThemeChoices();
  if (!user) return null;
  const switchTo = (next: 'live' | 'demo') => {
    if (next === 'demo' && settings.data && !settings.data.demoEnabled) {
      notifications.show({ color: 'yellow', message: catalogueMessage(10124), autoClose: 4000 });
      return;
    }
    session.setMode(next);
    void queryClient.invalidateQueries();
    notifications.show({
      message: next === 'demo' ? t('profile.switchedToDemo') : t('profile.switchedToLive'),
      autoClose: 3000,
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={t('profile.menu')}
          data-testid="account-menu"
        >
          {displayUserName(user, Boolean(settings.data?.walletOnly))}
          {mode === 'demo' ? ` · ${t('profile.demo')}` : ''}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} component={Link} to="/profile">
          {t('profile.title')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconChartCandle size={16} aria-hidden />}
          component={Link}
          to="/options"
          data-testid="menu-options"
        >
          {t('nav.myOptions')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('profile.accountMode')}</Menu.Label>
        <Menu.Item onClick={() => switchTo('live')} aria-current={mode === 'live' ? 'true' : undefined}>
          {t('profile.live')}
        </Menu.Item>
        <Menu.Item onClick={() => switchTo('demo')} aria-current={mode === 'demo' ? 'true' : undefined}>
          {t('profile.demo')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('appearance.theme')}</Menu.Label>
        {themes.map((theme) => (
          <Menu.Item
            key={theme.value}
            onClick={theme.pick}
            aria-current={theme.current ? 'true' : undefined}
            data-testid={`menu-theme-${theme.value}`}
          >
            {theme.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() =>
            void logout.mutateAsync().finally(() => {
              notifications.show({ message: t('auth.loggedOut'), autoClose: 3000 });
              navigate('/', { replace: true });
            })
          }
        >
          {t('profile.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
