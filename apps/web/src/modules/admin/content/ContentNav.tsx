import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const SECTIONS = [
  { id: 'items', to: '/admin/content' },
  { id: 'links', to: '/admin/content/links' },
  { id: 'params', to: '/admin/content/params' },
  { id: 'settings', to: '/admin/content/settings' },
] as const;

function currentSection(pathname: string): (typeof SECTIONS)[number]['id'] {
  const segment = pathname.replace(/^\/admin\/content\/?/, '').split('/')[0];
  return SECTIONS.find((section) => section.id === segment)?.id ?? 'items';
}

/** The editor's sections, as links (each is its own address), the current one marked for screen readers too. */
export function ContentNav() {
  const { t } = useTranslation();
  const active = currentSection(useLocation().pathname);
  return (
    <Group component="nav" aria-label={t('admin.content.nav.label')} gap="xs" wrap="wrap">
      {SECTIONS.map((section) => (
        <Button
          key={section.id}
          component={Link}
          to={section.to}
          size="sm"
          variant={section.id === active ? 'filled' : 'default'}
          aria-current={section.id === active ? 'page' : undefined}
        >
          {t(`admin.content.nav.${section.id}`)}
        </Button>
      ))}
    </Group>
  );
}
