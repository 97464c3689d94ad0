import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** What a page that failed to render shows instead of a blank screen or a stack trace. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('[openbourse] page failed to render', error);
  }, [error]);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1}>{t('app.loadFailed')}</Title>
        <Text>{t('app.networkError')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('app.retry')}</Button>
          <Button component="a" href="/" variant="light">
            {t('content.backHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
