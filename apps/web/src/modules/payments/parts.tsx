import { Alert, Anchor, Badge, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../identity/session';
import { useLiveSession } from './payments.api';
import { WithPaymentsTexts } from './payments-i18n';
import { explorerHref, shortHash } from './payments-logic';

/**
 * A money screen's frame: the payments texts loaded, its title and intro (`payments.<screen>.title`
 * and `.intro`), and its body only for a signed-in live account (LiveOnly).
 */
export function PaymentsScreen({
  screen,
  size = 'md',
  children,
}: {
  screen: 'deposit' | 'withdraw' | 'book';
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <WithPaymentsTexts>
      <ScreenFrame screen={screen} size={size}>
        {children}
      </ScreenFrame>
    </WithPaymentsTexts>
  );
}

function ScreenFrame({ screen, size, children }: { screen: string; size: 'md' | 'lg'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size={size} py="xl">
      <Title order={1} mb="xs">
        {t(`payments.${screen}.title`)}
      </Title>
      <Text c="dimmed" mb="lg">
        {t(`payments.${screen}.intro`)}
      </Text>
      <LiveOnly>{children}</LiveOnly>
    </Container>
  );
}

/**
 * Deposits and withdrawals move live money only (SPEC §4 "Account mode"): a visitor is asked to
 * sign in, a demo account to switch to the live one.
 */
export function LiveOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLive } = useLiveSession();
  const queryClient = useQueryClient();
  if (!isSignedIn) {
    return (
      <Alert color="blue" role="status" data-testid="payments-sign-in">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('payments.common.signInFirst')}</Text>
          <Button component={Link} to="/pass/login" size="xs">
            {t('nav.login')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!isLive) {
    return (
      <Alert color="yellow" role="status" data-testid="payments-demo">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('payments.common.liveOnly')}</Text>
          <Button
            size="xs"
            onClick={() => {
              session.setMode('live');
              void queryClient.invalidateQueries();
            }}
          >
            {t('payments.common.switchToLive')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return children;
}

/** A transaction hash, shortened, linked to the explorer where the network has one. */
export function TxHash({ hash, url }: { hash: string | null; url: string | null }) {
  const { t } = useTranslation();
  if (!hash) return <Text span>—</Text>;
  const href = explorerHref(url);
  const short = shortHash(hash);
  if (!href) {
    return (
      <Text span className="ob-amount" title={hash}>
        {short}
      </Text>
    );
  }
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('payments.common.viewTransaction', { hash: short })}
      className="ob-amount"
    >
      {short}
    </Anchor>
  );
}

// Dark shades: white text on them keeps its contrast (WCAG AA).
const STATUS_COLOURS: Record<string, string> = {
  pending: 'blue.9',
  below_minimum: 'violet.9',
  credited: 'teal.9',
  pending_review: 'violet.9',
  rejected: 'red.9',
  orphaned: 'gray.8',
  submitted: 'blue.9',
  approved: 'blue.9',
  broadcast: 'blue.9',
  completed: 'teal.9',
  failed: 'red.9',
  unconfirmed: 'violet.9',
  cooling: 'blue.9',
  usable: 'teal.9',
};

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray.8'} data-testid={testId}>
      {t(`payments.common.status.${status}`)}
    </Badge>
  );
}
