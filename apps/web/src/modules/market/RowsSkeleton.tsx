import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a list of instruments loads; announced once as "Loading…". */
export function RowsSkeleton({ compact = false, rows = 6 }: { compact?: boolean; rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="market-loading">
      <span className="ob-visually-hidden">{t('app.loading')}</span>
      <Stack gap="xs" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="ob-market-skeleton">
            <Skeleton circle height={compact ? 28 : 32} />
            <Skeleton height={14} width="30%" />
            {!compact && <Skeleton height={compact ? 28 : 48} width={180} />}
            <Skeleton height={14} width="20%" />
          </div>
        ))}
      </Stack>
    </div>
  );
}
