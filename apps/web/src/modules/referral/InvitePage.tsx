import { Alert, Badge, Card, Code, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TInvitee, TInviteResponse } from '@openbourse/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exactAmount } from '../../shared/format/money';
import { CopyButton } from '../../shared/ui/CopyButton';
import { QrCode } from '../../shared/ui/QrCode';
import { QueryState } from '../../shared/ui/QueryState';
import { useLocale } from '../market/use-locale';
import { absoluteInviteLink, displayName, progressOf } from './invite-view';
import { useInvite } from './referral.api';
import { WithReferralTexts } from './referral-i18n';

/**
 * /profile/invite (SPEC §2; issue 20): the user's invite code and link, with copy buttons and a QR
 * code of the link; the programme's rewards now (or that none are offered, or that the budget is
 * spent and rewards stopped); totals; and each person who joined with the code (masked), with
 * the date of each step — Register, Fund (first deposit credited), Trade (first position
 * opened) — and the reward it paid.
 */
export default function InvitePage() {
  return (
    <WithReferralTexts>
      <Container size="md" py="xl" data-testid="invite-page">
        <Invite />
      </Container>
    </WithReferralTexts>
  );
}

function Invite() {
  const { t } = useTranslation();
  const query = useInvite();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} mb="xs">
          {t('referral.invite.title')}
        </Title>
        <Text c="dimmed">{t('referral.invite.intro')}</Text>
      </div>
      <QueryState query={query}>
        {(data) => (
          <>
            <ShareCard data={data} />
            <Programme programme={data.programme} />
            <Totals totals={data.totals} />
            <Invitees invitees={data.invitees} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function useInviteFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', numberingSystem: 'latn' });
    const dateTime = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      numberingSystem: 'latn',
    });
    return {
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      amount: (value: string, asset: string) => exactAmount(value, asset, locale),
    };
  }, [locale]);
}

function ShareCard({ data }: { data: TInviteResponse }) {
  const { t } = useTranslation();
  const link = absoluteInviteLink(data.link, window.location.origin);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invite-share">
      <Title order={2} size="h3" id="invite-share" mb="sm">
        {t('referral.invite.shareTitle')}
      </Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <div>
            <Text size="sm" c="dimmed" id="invite-code-label">
              {t('referral.invite.code')}
            </Text>
            <Text
              fz="xl"
              fw={700}
              ff="monospace"
              aria-labelledby="invite-code-label"
              data-testid="invite-code"
              style={{ letterSpacing: '0.08em' }}
            >
              {data.code}
            </Text>
            <CopyButton
              value={data.code}
              label={t('referral.invite.copyCode')}
              copiedText={t('referral.invite.copied')}
              failedText={t('referral.invite.copyFailed')}
              testId="copy-code"
              mt={6}
            />
          </div>
          <div>
            <Text size="sm" c="dimmed" id="invite-link-label">
              {t('referral.invite.link')}
            </Text>
            <Code
              block
              aria-labelledby="invite-link-label"
              data-testid="invite-link"
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              dir="ltr"
            >
              {link}
            </Code>
            <CopyButton
              value={link}
              label={t('referral.invite.copyLink')}
              copiedText={t('referral.invite.copied')}
              failedText={t('referral.invite.copyFailed')}
              testId="copy-link"
              mt={6}
            />
          </div>
        </Stack>
        <Stack gap={4} align="center">
          <QrCode value={link} alt={t('referral.invite.qrAlt')} size={168} testId="invite-qr" />
          <Text size="xs" c="dimmed">
            {t('referral.invite.qrHint')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function Programme({ programme }: { programme: TInviteResponse['programme'] }) {
  const { t } = useTranslation();
  const format = useInviteFormat();
  if (programme.status === 'none') {
    return (
      <Alert
        color="gray"
        title={t('referral.invite.programme.noneTitle')}
        data-testid="invite-programme"
        data-status="none"
      >
        {t('referral.invite.programme.none')}
      </Alert>
    );
  }
  if (programme.status === 'budget_spent') {
    return (
      <Alert
        color="orange"
        title={t('referral.invite.programme.spentTitle')}
        data-testid="invite-programme"
        data-status="budget_spent"
      >
        {t('referral.invite.programme.spent')}
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      title={t('referral.invite.programme.activeTitle')}
      data-testid="invite-programme"
      data-status="active"
    >
      <Text size="sm" mb={4}>
        {t('referral.invite.programme.active')}
      </Text>
      <List size="sm" spacing={2}>
        {programme.rewards.map((reward) => (
          <List.Item key={reward.step}>
            {t('referral.invite.programme.reward', {
              step: t(`referral.invite.steps.${reward.step}`),
              amount: format.amount(reward.amount, reward.asset),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Totals({ totals }: { totals: TInviteResponse['totals'] }) {
  const { t } = useTranslation();
  const format = useInviteFormat();
  const facts = [
    { key: 'invitees', label: t('referral.invite.totals.invitees'), value: String(totals.invitees) },
    { key: 'funded', label: t('referral.invite.totals.funded'), value: String(totals.funded) },
    { key: 'traded', label: t('referral.invite.totals.traded'), value: String(totals.traded) },
    {
      key: 'rewards',
      label: t('referral.invite.totals.rewards'),
      value:
        totals.rewards.length === 0
          ? t('referral.invite.totals.noRewards')
          : totals.rewards.map((reward) => format.amount(reward.amount, reward.asset)).join(' · '),
    },
  ];
  return (
    <section aria-labelledby="invite-totals">
      <Title order={2} size="h3" id="invite-totals" mb="sm">
        {t('referral.invite.totals.title')}
      </Title>
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        component="dl"
        style={{ margin: 0 }}
        data-testid="invite-totals"
      >
        {facts.map((fact) => (
          <Card key={fact.key} withBorder padding="sm" data-testid={`invite-total-${fact.key}`}>
            <Text component="dt" size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {fact.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

function Invitees({ invitees }: { invitees: TInvitee[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="invite-people">
      <Title order={2} size="h3" id="invite-people" mb="sm">
        {t('referral.invite.invitees.title')}
      </Title>
      {invitees.length === 0 ? (
        <Text c="dimmed" data-testid="invitees-empty">
          {t('referral.invite.invitees.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {invitees.map((invitee) => (
            // Masked names may repeat; with the instant they joined (to the millisecond) they do not.
            <InviteeCard key={`${invitee.joinedAt}|${invitee.name}`} invitee={invitee} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function InviteeCard({ invitee }: { invitee: TInvitee }) {
  const { t, i18n } = useTranslation();
  const format = useInviteFormat();
  const progress = progressOf(invitee);
  const name = displayName(invitee.name, i18n.dir() === 'rtl');
  return (
    <Card component="li" withBorder padding="md" data-testid="invitee">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="invitee-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('referral.invite.invitees.joined', { date: format.date(invitee.joinedAt) })}
          </Text>
        </div>
        <Badge variant="light" color={progress.reached === progress.total ? 'teal' : 'blue'}>
          {t('referral.invite.invitees.progress', { reached: progress.reached, total: progress.total })}
        </Badge>
      </Group>
      <List type="ordered" spacing={4} size="sm" aria-label={t('referral.invite.invitees.stepsOf', { name })}>
        {invitee.steps.map((step) => (
          <List.Item key={step.step} data-testid={`invitee-step-${step.step}`} data-done={step.at !== null}>
            <Text span fw={500}>
              {t(`referral.invite.steps.${step.step}`)}
            </Text>
            {': '}
            {step.at ? (
              <time dateTime={step.at}>{format.dateTime(step.at)}</time>
            ) : (
              <Text span c="dimmed">
                {t('referral.invite.invitees.notYet')}
              </Text>
            )}
            {step.reward && (
              <Text span c="teal" data-testid={`invitee-reward-${step.step}`}>
                {' · '}
                {t('referral.invite.invitees.reward', { amount: format.amount(step.reward.amount, step.reward.asset) })}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
