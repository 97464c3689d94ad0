import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';

type Props<T> = {
  query: UseQueryResult<T>;
  /** Shown when the data is an empty list. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** "Loading…", announced politely to screen readers. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text ms="sm" size="sm">
        {t('app.loading')}
      </Text>
    </Center>
  );
}

/** Loading, error (in the user's language, with retry) and empty states in one place. */
export function QueryState<T>({ query, empty, children }: Props<T>) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data as T)}</>;
}

/** A read that failed: what went wrong, in the user's language, and a retry button. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('app.loadFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
