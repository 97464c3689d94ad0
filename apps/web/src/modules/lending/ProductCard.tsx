import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TLoanSetting } from '@openbourse/contracts';
import { LOAN_VERIFICATION_LEVELS, type LoanVerificationLevel } from '@openbourse/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../market/use-locale';
import { formatDailyRate, formatDays, formatIndicativeApr, formatLtv } from './loan-format';
import { limitFor } from './loan-math';
import { Facts, kindKey, useAssetAmount } from './parts';

/** Who is looking: a visitor, a demo account, or a live borrower with their verification. */
export type Viewer =
  | { kind: 'visitor' }
  | { kind: 'demo' }
  | { kind: 'borrower'; level: LoanVerificationLevel; isPending: boolean };

/**
 * One loan product as a borrower weighs it (SPEC §2 "/loan"): its terms, the daily rate with an
 * indicative APR, the interest-free days, the limit for the viewer's verification (each level's
 * for a visitor), and for a crypto-backed product the collateral it takes and its LTV thresholds.
 * Its action follows the viewer: apply, verify first, or sign in.
 */
export function ProductCard({ setting, viewer }: { setting: TLoanSetting; viewer: Viewer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = useAssetAmount();
  const headingId = useId();
  const isCrypto = setting.kind === 'crypto_backed';
  const range = (level: LoanVerificationLevel) => {
    const limit = limitFor(setting, level);
    return limit
      ? t('lending.page.product.limitRange', {
          min: amount(limit.minAmount, setting.asset),
          max: amount(limit.maxAmount, setting.asset),
        })
      : t('lending.page.product.levelCannotBorrow');
  };
  const ownLimit = viewer.kind === 'borrower' ? limitFor(setting, viewer.level) : null;
  const needsVerification = viewer.kind === 'borrower' && ownLimit === null;

  const limitFacts =
    viewer.kind === 'borrower'
      ? [
          {
            key: 'limit',
            label: t('lending.page.product.yourLimit', { level: t(`lending.common.levels.${viewer.level}`) }),
            value: ownLimit ? range(viewer.level) : t('lending.page.product.needsVerification'),
            testId: 'loan-product-limit',
          },
        ]
      : LOAN_VERIFICATION_LEVELS.map((level) => ({
          key: `limit-${level}`,
          label: t('lending.page.product.limitFor', { level: t(`lending.common.levels.${level}`) }),
          value: range(level),
        }));

  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      data-testid="loan-product"
      data-kind={setting.kind}
      data-setting-id={setting.id}
    >
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={headingId}>
          {t('lending.page.product.heading', { kind: t(kindKey(setting.kind)), asset: setting.asset })}
        </Title>
        <Text size="sm" c="dimmed">
          {isCrypto
            ? t('lending.page.product.aboutCrypto', {
                asset: setting.asset,
                collateral: listOf(setting.collateralAssets, locale, 'disjunction'),
              })
            : t('lending.page.product.aboutUnsecured', { asset: setting.asset })}
        </Text>
        <Facts
          facts={[
            {
              key: 'terms',
              label: t('lending.page.product.terms'),
              value: setting.terms.map((days) => formatDays(days, locale)).join(' · '),
            },
            {
              key: 'rate',
              label: t('lending.common.dailyRate'),
              value: t('lending.common.perDay', { rate: formatDailyRate(setting.dailyRate, locale) }),
              testId: 'loan-product-rate',
            },
            {
              key: 'apr',
              label: t('lending.common.indicativeApr'),
              value: formatIndicativeApr(setting.dailyRate, locale),
            },
            {
              key: 'free',
              label: t('lending.common.interestFreeDays'),
              value:
                setting.interestFreeDays > 0
                  ? formatDays(setting.interestFreeDays, locale)
                  : t('lending.common.noInterestFreeDays'),
            },
            ...limitFacts,
            isCrypto && {
              key: 'collateral',
              label: t('lending.page.product.collateral'),
              value: listOf(setting.collateralAssets, locale, 'conjunction'),
            },
            isCrypto && {
              key: 'ltv',
              label: t('lending.common.ltvThresholds'),
              value: t('lending.common.ltvValues', {
                initial: formatLtv(setting.initialLtv, locale),
                marginCall: formatLtv(setting.marginCallLtv, locale),
                liquidation: formatLtv(setting.liquidationLtv, locale),
              }),
            },
          ]}
        />
        <Text size="xs" c="dimmed">
          {t('lending.common.aprHint')}
        </Text>
        <Group mt="auto" gap="sm">
          <ProductAction
            setting={setting}
            viewer={viewer}
            needsVerification={needsVerification}
            headingId={headingId}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function ProductAction({
  setting,
  viewer,
  needsVerification,
  headingId,
}: {
  setting: TLoanSetting;
  viewer: Viewer;
  needsVerification: boolean;
  /** The product's heading: what the button applies for, read with it. */
  headingId: string;
}) {
  const { t } = useTranslation();
  if (viewer.kind === 'visitor') {
    return (
      <Button component={Link} to="/pass/login" state={{ from: '/loan' }} variant="light" aria-describedby={headingId}>
        {t('lending.page.product.signInToApply')}
      </Button>
    );
  }
  if (viewer.kind === 'demo') return null;
  if (needsVerification && viewer.isPending) {
    return (
      <Text size="sm" data-testid="loan-product-pending">
        {t('lending.page.product.verificationPending')}
      </Text>
    );
  }
  return (
    <Button
      component={Link}
      to={`/loan/apply/${setting.id}`}
      variant={needsVerification ? 'light' : 'filled'}
      aria-describedby={headingId}
      data-testid="loan-product-apply"
    >
      {needsVerification ? t('lending.page.product.verifyToApply') : t('lending.page.product.apply')}
    </Button>
  );
}

/** Assets as the language lists them: "BTC or ETH", "BTC 或 ETH", "BTC أو ETH". */
function listOf(items: readonly string[], locale: string, type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat(locale, { type, style: 'long' }).format(items);
}
