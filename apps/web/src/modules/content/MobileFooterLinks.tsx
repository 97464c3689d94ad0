import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportLink } from '../../shared/ui/SupportLink';
import { contentHref, useFooterPages, usePublicSettings } from './content.api';

/** The footer's company, policy and other pages as the mobile home page lists them. */
export function MobileFooterLinks() {
  const { t } = useTranslation();
  const pages = useFooterPages();
  const settings = usePublicSettings();
  const groups: Array<{ type: 1 | 2 | 3; title: string }> = [
    { type: 1, title: t('footer.company') },
    { type: 2, title: t('footer.policy') },
    { type: 3, title: t('footer.other') },
  ];
  return (
    <Stack gap="md" component="footer" className="ob-mobile-footer">
      {groups.map((group) => (
        <Stack key={group.type} gap={4} component="section" aria-label={group.title}>
          <Text fw={700} size="sm" component="h2">
            {group.title}
          </Text>
          {(pages.data ?? [])
            .filter((page) => page.type === group.type)
            .map((page) => (
              <Anchor key={page.id} component={Link} to={contentHref(page, settings.data?.aboutContentId)} size="sm">
                {page.title}
              </Anchor>
            ))}
          {group.type === 2 && <SupportLink />}
        </Stack>
      ))}
    </Stack>
  );
}
