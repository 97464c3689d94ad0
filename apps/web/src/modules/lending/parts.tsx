import { Anchor, Badge, Container, Title } from '@mantine/core';
import type { LoanKind, LoanStatus } from '@openbourse/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAssetAmount } from '../../shared/format/money';
import { LiveOnlyNotice, SignInNotice } from '../identity/AccountNotices';
import { useLocale } from '../market/use-locale';
import { useLoanSession } from './lending.api';
import { WithLendingTexts } from './lending-i18n';
import './lending.css';
import { type Fact, Facts as SharedFacts } from '../../shared/ui/Facts';

export type { Fact };

/** A loan screen's frame: the loan texts loaded, then the page in its container. */
export function LoanScreen({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <WithLendingTexts>
      <Container size="md" py="xl" data-testid={testId}>
        {children}
      </Container>
    </WithLendingTexts>
  );
}

/** The way back to /loan from a loan or an application. */
export function BackToLoans() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/loan" size="sm" mb="xs" display="inline-block">
      {t('lending.common.backToLoans')}
    </Anchor>
  );
}

/** A page's h1, wrapping anywhere on a narrow screen. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} mb="lg" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}

/**
 * Loans are taken on the live account only (SPEC §4 "Account mode"; the API answers
 * DEMO_NOT_ALLOWED): a visitor is asked to sign in, a demo account to switch to the live one.
 */
export function LiveLoansOnly({ children, from }: { children: ReactNode; from: string }) {
  const { isSignedIn, isLive } = useLoanSession();
  if (!isSignedIn) return <SignInToBorrow from={from} />;
  if (!isLive) return <DemoNotice />;
  return children;
}

export function SignInToBorrow({ from }: { from: string }) {
  const { t } = useTranslation();
  return (
    <SignInNotice
      testId="loan-sign-in"
      from={from}
      title={t('lending.common.signInTitle')}
      text={t('lending.common.signIn')}
      action={t('lending.common.signInAction')}
    />
  );
}

export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <LiveOnlyNotice
      testId="loan-demo"
      title={t('lending.common.demoTitle')}
      text={t('lending.common.demo')}
      action={t('lending.common.switchToLive')}
    />
  );
}

const STATUS_COLOURS: Record<LoanStatus, string> = {
  awaiting_signature: 'blue',
  pending_review: 'yellow',
  repaying: 'teal',
  overdue: 'red',
  repaid: 'gray',
  liquidated: 'orange',
  rejected: 'red',
  cancelled: 'gray',
};

/** A loan's status in words, coloured; the colour only repeats what the word says. */
export function LoanStatusBadge({ status, size = 'md' }: { status: LoanStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      variant="light"
      size={size}
      data-testid="loan-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`lending.common.statuses.${status}`)}
    </Badge>
  );
}

export function kindKey(kind: LoanKind): string {
  return `lending.common.kinds.${kind}`;
}

/** An amount of an asset at its display precision, in the reader's locale, never through a JS number. */
export function Amount({ value, asset, testId }: { value: string | null; asset: string; testId?: string }) {
  const locale = useLocale();
  return (
    <span className="ob-amount" data-testid={testId}>
      {formatAssetAmount(value, asset, locale)}
    </span>
  );
}

/** The exact amount with every decimal it has (a collateral of 0.03266130 BTC, a price). */
export function useAssetAmount(): (value: string | null, asset: string) => string {
  const locale = useLocale();
  return (value, asset) => formatAssetAmount(value, asset, locale);
}

/** A list of labelled facts (a term sheet, a loan's amounts). */
export function Facts(props: { facts: ReadonlyArray<Fact | null | false | '' | undefined>; label?: string }) {
  return <SharedFacts {...props} className="ob-loan-facts" />;
}
