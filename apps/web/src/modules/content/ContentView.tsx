import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { TContentDetail } from '@openbourse/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { ContentArticle } from '../../shared/ui/ContentArticle';
import { QueryState } from '../../shared/ui/QueryState';

/** A content page: loading and error states, a not-found state for unknown ids, the document title. */
export function ContentView({
  query,
  fallbackTitle,
}: {
  query: UseQueryResult<TContentDetail>;
  fallbackTitle?: string | null;
}) {
  const { t } = useTranslation();
  const title = query.data?.title ?? fallbackTitle ?? null;
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);

  const isNotFound =
    query.isError && query.error instanceof ApiError && (query.error.code === 10101 || query.error.code === 10100);
  return (
    <Container size="md" py="xl">
      {isNotFound ? (
        <ContentNotFound />
      ) : (
        <QueryState query={query}>
          {(item) => <ContentArticle title={item.title} html={item.html} lang={item.lang} />}
        </QueryState>
      )}
    </Container>
  );
}

export function ContentNotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="sm" data-testid="content-not-found">
      <Title order={1}>{t('content.notFoundTitle')}</Title>
      <Text>{t('content.notFoundText')}</Text>
      <Button component={Link} to="/" variant="light">
        {t('content.backHome')}
      </Button>
    </Stack>
  );
}
