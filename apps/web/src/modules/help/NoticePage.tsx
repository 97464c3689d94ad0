import { Card, Container, Stack, Text, Title, Typography } from '@mantine/core';
import { LANGUAGE_BCP47, type Language } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { useHelpItems } from '../content/content.api';

export default function NoticePage() {
  const { t, i18n } = useTranslation();
  const notices = useHelpItems('notice');
  const dateFormat = new Intl.DateTimeFormat(LANGUAGE_BCP47[i18n.language as Language] ?? 'en', { dateStyle: 'long' });
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg" className="ob-page-title">
        {t('help.notices')}
      </Title>
      <QueryState query={notices} empty={t('help.emptyNotices')}>
        {(items) => (
          <Stack gap="md">
            {items.map((item) => (
              <Card key={item.id} withBorder padding="lg" component="article" lang={item.lang}>
                <Title order={2} size="h3">
                  {item.title}
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  <time dateTime={item.publishedAt}>
                    {t('help.published', { date: dateFormat.format(new Date(item.publishedAt)) })}
                  </time>
                </Text>
                <Typography>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
                  <div dangerouslySetInnerHTML={{ __html: item.html }} />
                </Typography>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
