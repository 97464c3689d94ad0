import { Alert, Badge, Container, List, Text } from '@mantine/core';
import type { SmartOrderStatus } from '@openbourse/contracts/constants';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exactAmount, formatUsdtAmount, isRounded } from '../../shared/format/money';
import { LiveOnlyNotice, SignInNotice } from '../identity/AccountNotices';
import { useDateTime } from '../kyc/kyc-format';
import { formatChange, formatRatioPercent } from '../market/format';
import { useLocale } from '../market/use-locale';
import { roundedRatio } from './plan-math';
import { WithPlansTexts } from './plans-i18n';
import './plans.css';
import { type Fact, Facts as SharedFacts } from '../../shared/ui/Facts';

export type { Fact };

/** A plan screen's frame: the plan texts loaded, then the page in its container. */
export function PlansScreen({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <WithPlansTexts>
      <Container size="lg" py="xl" data-testid={testId}>
        {children}
      </Container>
    </WithPlansTexts>
  );
}

/** How the plan screens write amounts, ratios, days and times in the reader's locale, from exact decimal strings. */
export function usePlanFormat() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const dateTime = useDateTime();
  const isRightToLeft = i18n.dir() === 'rtl';
  return useMemo(() => {
    // In Arabic a figure is set apart from the words around it (left-to-right isolate): '-12.10%'
    // and '100.00 USDT' keep their order instead of reading '12.10%-' and 'USDT 100.00'.
    const figure = (text: string) => (isRightToLeft ? `\u2066${text}\u2069` : text);
    const days = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
      numberingSystem: 'latn',
    });
    return {
      locale,
      usdt: (value: string | null) => figure(formatUsdtAmount(value, locale)),
      signedUsdt: (value: string | null) => figure(formatUsdtAmount(value, locale, { signed: true })),
      /** A rate as disclosed, every digit it has: '0.005' → '0.5%'. */
      rate: (ratio: string) => figure(formatRatioPercent(ratio, locale)),
      /** A measured ratio at 2 decimals of a percent: '0.123456' → '12.35%'. */
      percent: (ratio: string) => figure(formatRatioPercent(roundedRatio(ratio), locale)),
      /** A return, signed: '-0.0523' → '-5.23%'. */
      signedPercent: (ratio: string) => figure(formatChange(ratio, locale)),
      /** A data source or file name: kept left to right inside Arabic text. */
      name: figure,
      days: (count: number) => days.format(count),
      dateTime,
      level: (minLevel: number) =>
        minLevel === 0 ? t('plans.common.anyone') : t('plans.common.levelOrHigher', { level: minLevel }),
    };
  }, [locale, dateTime, t, isRightToLeft]);
}

export type PlanFormat = ReturnType<typeof usePlanFormat>;

/**
 * A USDT amount at its display precision (2 places), the exact amount in its tooltip when
 * rounded ('552.004975' shows '552.00 USDT', titled '552.004975 USDT').
 */
export function Usdt({ value, testId }: { value: string | null; testId?: string }) {
  const locale = useLocale();
  const title = value !== null && isRounded(value, 'USDT') ? exactAmount(value, 'USDT', locale) : undefined;
  return (
    <span className="ob-amount" title={title} data-testid={testId}>
      {formatUsdtAmount(value, locale)}
    </span>
  );
}

/** A list of labelled facts (a product's terms, a plan's figures). */
export function Facts(props: { facts: ReadonlyArray<Fact | null | false | '' | undefined>; label?: string }) {
  return <SharedFacts {...props} className="ob-plan-facts" />;
}

/**
 * SPEC §0.5 and §0.7: the risk of a plan in full, before any plan is chosen — leveraged trading
 * through the trading engine, past results that do not predict, and no promise.
 */
export function RiskDisclosure() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('plans.common.risk.title')}
      styles={{ title: { color: 'var(--mantine-color-bright)' } }}
      data-testid="plans-risk"
      component="section"
      aria-label={t('plans.common.risk.title')}
    >
      <List size="sm" spacing={4}>
        <List.Item>{t('plans.common.risk.leveraged')}</List.Item>
        <List.Item>{t('plans.common.risk.history')}</List.Item>
        <List.Item>
          <Text inherit fw={600}>
            {t('plans.common.risk.promise')}
          </Text>
        </List.Item>
      </List>
    </Alert>
  );
}

export function SignInToStart() {
  const { t } = useTranslation();
  return (
    <SignInNotice
      testId="plans-sign-in"
      from="/trading"
      title={t('plans.common.signInTitle')}
      text={t('plans.common.signIn')}
      action={t('plans.common.signInAction')}
    />
  );
}

/** SPEC §4 "Account mode": demo accounts cannot use smart trading (the API answers DEMO_NOT_ALLOWED). */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <LiveOnlyNotice
      testId="plans-demo"
      title={t('plans.common.demoTitle')}
      text={t('plans.common.demo')}
      action={t('plans.common.switchToLive')}
    />
  );
}

const STATUS_COLOURS: Record<SmartOrderStatus, string> = { running: 'teal', finished: 'gray', exited_early: 'orange' };

/** A plan's status in words, coloured; the colour only repeats what the word says. */
export function PlanStatusBadge({ status }: { status: SmartOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      variant="light"
      data-testid="plan-status"
      data-status={status}
      miw="max-content"
    >
      {t(`plans.common.statuses.${status}`)}
    </Badge>
  );
}
