import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Landing for logged-out visitors, also shown after a forced logout (with its reason). */
export default function EmptyPage() {
  const { t } = useTranslation();
  const reason = (useLocation().state as { reason?: string } | null)?.reason;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('empty.title')}</Title>
        {reason && (
          <Text role="alert" c="red">
            {reason}
          </Text>
        )}
        <Text>{t('empty.text')}</Text>
        <Group>
          <Button component={Link} to="/">
            {t('empty.explore')}
          </Button>
          <Button component={Link} to="/help" variant="light">
            {t('empty.readHelp')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
