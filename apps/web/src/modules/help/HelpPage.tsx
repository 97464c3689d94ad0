import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconHelpCircle, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { SupportLink } from '../../shared/ui/SupportLink';
import { contentHref, useFooterPages, usePublicSettings } from '../content/content.api';

export default function HelpPage() {
  const { t } = useTranslation();
  const pages = useFooterPages();
  const settings = usePublicSettings();
  return (
    <Container size="lg" py="xl">
      <Title order={1} className="ob-page-title">
        {t('help.title')}
      </Title>
      <Text mt="xs" mb="xl">
        {t('help.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card withBorder padding="lg" component={Link} to="/help/faq" className="ob-card-link">
          <IconHelpCircle size={28} aria-hidden />
          <Title order={2} size="h3" mt="sm">
            {t('help.faq')}
          </Title>
          <Text size="sm" mt="xs">
            {t('help.faqText')}
          </Text>
        </Card>
        <Card withBorder padding="lg" component={Link} to="/help/notice" className="ob-card-link">
          <IconBell size={28} aria-hidden />
          <Title order={2} size="h3" mt="sm">
            {t('help.notices')}
          </Title>
          <Text size="sm" mt="xs">
            {t('help.noticesText')}
          </Text>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="help-policies">
          <IconScale size={28} aria-hidden />
          <Title order={2} size="h3" mt="sm" id="help-policies">
            {t('help.policies')}
          </Title>
          <Text size="sm" mt="xs" mb="sm">
            {t('help.policiesText')}
          </Text>
          <QueryState query={pages}>
            {(data) => (
              <Stack gap={4}>
                {data
                  .filter((page) => page.type === 2)
                  .map((page) => (
                    <Anchor
                      key={page.id}
                      component={Link}
                      to={contentHref(page, settings.data?.aboutContentId)}
                      size="sm"
                    >
                      {page.title}
                    </Anchor>
                  ))}
              </Stack>
            )}
          </QueryState>
        </Card>
      </SimpleGrid>
      <Text mt="xl">
        <SupportLink label={t('profile.support')} />
      </Text>
    </Container>
  );
}
