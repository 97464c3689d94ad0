import { Accordion, Container, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { useHelpItems } from '../content/content.api';

export default function FaqPage() {
  const { t } = useTranslation();
  const faq = useHelpItems('faq');
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg" className="ob-page-title">
        {t('help.faq')}
      </Title>
      <QueryState query={faq} empty={t('help.emptyFaq')}>
        {(items) => (
          <Accordion variant="separated" multiple>
            {items.map((item) => (
              <Accordion.Item key={item.id} value={String(item.id)} lang={item.lang}>
                <Accordion.Control>
                  <Text component="h2" fw={600} size="md">
                    {item.title}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Typography>
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
                    <div dangerouslySetInnerHTML={{ __html: item.html }} />
                  </Typography>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </QueryState>
    </Container>
  );
}
