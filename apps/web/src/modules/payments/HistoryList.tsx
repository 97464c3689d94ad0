import { Group, Pagination, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { HISTORY_PAGE_SIZE } from './payments.api';

type Page<Item> = { items: Item[]; total: number };

/**
 * A page of this user's deposits or withdrawals: loading and error states, the empty text, the
 * rows as a list, and (when `paged`) an accessible pager under it.
 */
export function HistoryList<Item extends { id: string }>(props: {
  query: UseQueryResult<Page<Item>>;
  page: number;
  onPage: (page: number) => void;
  paged: boolean;
  empty: { text: string; testId: string };
  listTestId: string;
  row: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query, page, onPage, paged, empty, listTestId, row } = props;
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <Stack gap="sm">
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="md" data-testid={empty.testId}>
              {empty.text}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" className="ob-plain-list" data-testid={listTestId}>
              {data.items.map((item) => row(item))}
            </Stack>
          )
        }
      </QueryState>
      {paged && pages > 1 && (
        <Group component="nav" aria-label={t('payments.common.pages')} justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('payments.common.previousPage') : t('payments.common.nextPage'),
            })}
            getItemProps={(item) => ({
              'aria-label': t('payments.common.page', { page: item }),
              'aria-current': item === page ? 'page' : undefined,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
