import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Pages of a paged list, as a labelled navigation landmark: previous/next and each page named for
 * screen readers, the current one marked. Nothing when there is one page.
 */
export function PageNav({
  pages,
  page,
  onChange,
  size,
  testId,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  size?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={t('ledger.pages')} justify="center" mt="md">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size={size}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? t('ledger.previousPage') : t('ledger.nextPage'),
        })}
        getItemProps={(item) => ({
          'aria-label': t('ledger.page', { page: item }),
          'aria-current': item === page ? 'page' : undefined,
        })}
        data-testid={testId}
      />
    </Group>
  );
}
