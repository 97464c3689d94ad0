import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { TAgentConversation } from '@openbourse/contracts';
import { LANGUAGE_BCP47, LANGUAGE_NATIVE_NAMES } from '@openbourse/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Facts } from '../../../shared/ui/Facts';
import { useDateTime } from '../users/use-date-time';
import { formatDuration, secondsSince } from './support-format';
import { useLocale } from './support-parts';

const KNOWN_VERIFICATION = new Set(['none', 'pending', 'passed', 'rejected']);

/**
 * What the agent may know of the person they talk to (SPEC §6): a user's id, level, wallet
 * address, registration date and verification status, and real name, e-mail and phone only when
 * the server sent them (a verified user); a link to the user's page for an administrator (the
 * users area). A visitor has no account: their reply address instead. Then the conversation's own
 * facts.
 */
export function ContextPanel({ data, isAdmin }: { data: TAgentConversation; isAdmin: boolean }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const locale = useLocale();
  const headingId = useId();
  const { context, conversation } = data;
  const verification = (status: string) =>
    KNOWN_VERIFICATION.has(status) ? t(`admin.support.context.verificationStates.${status}`) : status;
  const firstResponse =
    conversation.firstResponseAt === null
      ? t('admin.support.context.noAnswerYet')
      : formatDuration(secondsSince(conversation.createdAt, Date.parse(conversation.firstResponseAt)), locale);
  return (
    <Stack gap="md" component="aside" aria-labelledby={headingId} data-testid="support-context">
      <Paper withBorder p="sm" radius="md">
        <Title order={2} size="h5" id={headingId} mb="xs">
          {context ? t('admin.support.context.title') : t('admin.support.context.visitorTitle')}
        </Title>
        {context ? (
          <>
            <Facts
              className="ob-facts--support"
              facts={[
                {
                  key: 'id',
                  label: t('admin.support.context.userId'),
                  value: context.userId,
                  testId: 'context-user-id',
                },
                {
                  key: 'level',
                  label: t('admin.support.context.level'),
                  value: context.level,
                  testId: 'context-level',
                },
                {
                  key: 'wallet',
                  label: t('admin.support.context.wallet'),
                  value: (
                    <Text span size="sm" fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {context.walletAddress ?? t('admin.support.context.noWallet')}
                    </Text>
                  ),
                  testId: 'context-wallet',
                },
                {
                  key: 'registered',
                  label: t('admin.support.context.registered'),
                  value: dateTime(context.registeredAt),
                  testId: 'context-registered',
                },
                {
                  key: 'verification',
                  label: t('admin.support.context.verification'),
                  value: verification(context.verificationStatus),
                  testId: 'context-verification',
                },
                context.realName !== undefined && {
                  key: 'realName',
                  label: t('admin.support.context.realName'),
                  value: context.realName,
                  testId: 'context-real-name',
                },
                context.email !== undefined && {
                  key: 'email',
                  label: t('admin.support.context.email'),
                  value: <span style={{ wordBreak: 'break-all' }}>{context.email}</span>,
                  testId: 'context-email',
                },
                context.phone !== undefined && {
                  key: 'phone',
                  label: t('admin.support.context.phone'),
                  value: <span dir="ltr">{context.phone}</span>,
                  testId: 'context-phone',
                },
              ]}
            />
            {isAdmin && (
              <Anchor component={Link} to={`/admin/users/${context.userId}`} size="sm" mt="xs" display="inline-block">
                {t('admin.support.context.openUser')}
              </Anchor>
            )}
          </>
        ) : (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('admin.support.context.visitorNote')}
            </Text>
            <Facts
              className="ob-facts--support"
              facts={[
                data.visitorEmail !== null && {
                  key: 'visitorEmail',
                  label: t('admin.support.context.visitorEmail'),
                  value: <span style={{ wordBreak: 'break-all' }}>{data.visitorEmail}</span>,
                  testId: 'context-visitor-email',
                },
              ]}
            />
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Title order={2} size="h5" mb="xs">
          {t('admin.support.context.conversation')}
        </Title>
        <Facts
          className="ob-facts--support"
          facts={[
            { key: 'id', label: t('admin.support.context.id'), value: `#${conversation.id}` },
            {
              key: 'language',
              label: t('admin.support.context.language'),
              value: (
                <span lang={LANGUAGE_BCP47[conversation.language]}>{LANGUAGE_NATIVE_NAMES[conversation.language]}</span>
              ),
            },
            { key: 'started', label: t('admin.support.context.started'), value: dateTime(conversation.createdAt) },
            { key: 'firstResponse', label: t('admin.support.context.firstResponse'), value: firstResponse },
            conversation.closedAt !== null && {
              key: 'closedAt',
              label: t('admin.support.context.closedAt'),
              value: dateTime(conversation.closedAt),
            },
            conversation.status === 'closed' && {
              key: 'rating',
              label: t('admin.support.context.rating'),
              value:
                conversation.rating === null
                  ? t('admin.support.context.noRating')
                  : t('admin.support.context.ratingValue', { rating: conversation.rating }),
              testId: 'context-rating',
            },
            conversation.ratingComment !== null && {
              key: 'comment',
              label: t('admin.support.context.comment'),
              value: (
                <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }} lang={LANGUAGE_BCP47[conversation.language]}>
                  {conversation.ratingComment}
                </Text>
              ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
