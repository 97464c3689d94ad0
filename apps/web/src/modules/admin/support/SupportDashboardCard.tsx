import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TSupportDashboardFigures } from '@openbourse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration } from './support-format';

/** One figure with its label (the dashboard's look). */
function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The dashboard's support card (issue 20): conversations waiting for an agent and for the user
 * now; over the last 30 days the median first response and resolution as durations, and the
 * average rating with how many ratings it rests on. A link to the inbox for those who may open it.
 */
export function SupportDashboardCard({
  figures,
  locale,
  canOpenInbox,
}: {
  figures: TSupportDashboardFigures;
  locale: string;
  canOpenInbox: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const count = (value: number) =>
    new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 }).format(value);
  const duration = (seconds: number | null) =>
    seconds === null ? t('admin.support.dashboard.none') : formatDuration(seconds, locale);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" data-testid="dashboard-support">
      <Title order={2} size="h4" id={headingId}>
        {t('admin.support.dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
        <Figure
          label={t('admin.support.dashboard.open')}
          value={count(figures.openConversations)}
          testId="support-open"
        />
        <Figure
          label={t('admin.support.dashboard.waitingUser')}
          value={count(figures.waitingUser)}
          testId="support-waiting-user"
        />
        <Figure
          label={t('admin.support.dashboard.firstResponse')}
          value={duration(figures.medianFirstResponseSeconds)}
          testId="support-first-response"
        />
        <Figure
          label={t('admin.support.dashboard.resolution')}
          value={duration(figures.medianResolutionSeconds)}
          testId="support-resolution"
        />
        <Figure
          label={t('admin.support.dashboard.rating')}
          value={
            figures.averageRating === null
              ? t('admin.support.dashboard.none')
              : t('admin.support.dashboard.ratingValue', {
                  rating: new Intl.NumberFormat(locale, {
                    numberingSystem: 'latn',
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                  }).format(Number(figures.averageRating)),
                })
          }
          note={t('admin.support.dashboard.ratings', { count: count(figures.ratings) })}
          testId="support-rating"
        />
      </SimpleGrid>
      {canOpenInbox && (
        <Anchor component={Link} to="/admin/support" size="sm">
          {t('admin.support.dashboard.openInbox')}
        </Anchor>
      )}
    </Stack>
  );
}
