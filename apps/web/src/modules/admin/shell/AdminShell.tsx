import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Role } from '@openbourse/contracts';
import {
  IconBuildingBank,
  IconChecklist,
  IconFileText,
  IconGauge,
  IconHistory,
  IconMessages,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguagePickerButton } from '../../../shared/ui/LanguagePicker';
import { ADMIN_AREAS, type AdminArea, admits } from '../areas';

const ICONS: Record<AdminArea['id'], typeof IconGauge> = {
  dashboard: IconGauge,
  users: IconUsers,
  queues: IconChecklist,
  support: IconMessages,
  treasury: IconBuildingBank,
  content: IconFileText,
  settings: IconSettings,
  audit: IconHistory,
};

/** The back office's frame: a header, the areas this operator may open, and the page. Desktop-first; on a tablet the navigation folds behind a menu button. */
export function AdminShell({
  roles,
  userName,
  children,
}: {
  roles: readonly Role[];
  userName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const areas = ADMIN_AREAS.filter((area) => admits(roles, area.level));
  const isCurrent = (area: AdminArea) => {
    const path = `/admin${area.path ? `/${area.path}` : ''}`;
    return area.path === '' ? pathname === '/admin' || pathname === '/admin/' : pathname.startsWith(path);
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('admin.shell.menu')} />
            <Text fw={700} component={Link} to="/admin">
              {t('admin.shell.title')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="admin-operator">
              {t('admin.shell.signedInAs', { name: userName })}
            </Text>
            <LanguagePickerButton compact />
            <Button component={Link} to="/" variant="subtle" size="compact-sm">
              {t('admin.shell.backToSite')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('admin.shell.navigation')} component="nav">
        {areas.map((area) => {
          const Icon = ICONS[area.id];
          return (
            <NavLink
              key={area.id}
              component={Link}
              to={`/admin${area.path ? `/${area.path}` : ''}`}
              label={t(`admin.shell.nav.${area.id}`)}
              leftSection={<Icon size={18} aria-hidden />}
              active={isCurrent(area)}
              aria-current={isCurrent(area) ? 'page' : undefined}
              onClick={close}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
