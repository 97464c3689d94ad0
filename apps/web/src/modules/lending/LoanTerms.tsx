import { Stack, Text, Title } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../kyc/kyc-format';
import { useLocale } from '../market/use-locale';
import { formatDailyRate, formatDays, formatIndicativeApr, formatLtv } from './loan-format';
import { Facts, useAssetAmount } from './parts';

/**
 * A loan's terms as the borrower signs them (issue 17): what is lent, for how long, the rate and
 * the interest-free days, the interest promised and the total to repay, the repayment date (or the
 * days after the payout before there is one), and for a crypto-backed loan the collateral, its LTV
 * thresholds and what a margin call and a liquidation mean, in plain words.
 */
export function LoanTerms({ loan, titleOrder = 2 }: { loan: TLoan; titleOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dateTime = useDateTime();
  const amount = useAssetAmount();
  const headingId = useId();
  const collateral = loan.collateral;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="loan-terms">
      <Title order={titleOrder} size="h4" id={headingId}>
        {t('lending.terms.title')}
      </Title>
      <Facts
        facts={[
          {
            key: 'amount',
            label: t('lending.common.amount'),
            value: amount(loan.amount, loan.asset),
            testId: 'loan-terms-amount',
          },
          { key: 'term', label: t('lending.terms.term'), value: formatDays(loan.term, locale) },
          {
            key: 'rate',
            label: t('lending.common.dailyRate'),
            value: t('lending.common.perDay', { rate: formatDailyRate(loan.dailyRate, locale) }),
            testId: 'loan-terms-rate',
          },
          {
            key: 'apr',
            label: t('lending.common.indicativeApr'),
            value: formatIndicativeApr(loan.dailyRate, locale),
          },
          {
            key: 'free',
            label: t('lending.common.interestFreeDays'),
            value:
              loan.interestFreeDays > 0
                ? formatDays(loan.interestFreeDays, locale)
                : t('lending.common.noInterestFreeDays'),
          },
          {
            key: 'interest',
            label: t('lending.common.interest'),
            value: amount(loan.interest, loan.asset),
            testId: 'loan-terms-interest',
          },
          {
            key: 'total',
            label: t('lending.common.totalRepayable'),
            value: amount(loan.totalRepayable, loan.asset),
            testId: 'loan-terms-total',
          },
          {
            key: 'due',
            label: t('lending.common.dueDate'),
            value: loan.dueDate
              ? dateTime(loan.dueDate)
              : t('lending.common.daysAfterPayout', { days: formatDays(loan.term, locale) }),
            testId: 'loan-terms-due',
          },
          collateral && {
            key: 'collateral',
            label: t('lending.terms.collateral'),
            value: amount(collateral.initialAmount, collateral.asset),
            testId: 'loan-terms-collateral',
          },
          collateral && {
            key: 'initialLtv',
            label: t('lending.common.ltv.initial'),
            value: formatLtv(collateral.initialLtv, locale),
          },
          collateral && {
            key: 'marginCallLtv',
            label: t('lending.common.ltv.marginCall'),
            value: formatLtv(collateral.marginCallLtv, locale),
          },
          collateral && {
            key: 'liquidationLtv',
            label: t('lending.common.ltv.liquidation'),
            value: formatLtv(collateral.liquidationLtv, locale),
          },
        ]}
      />
      <Text size="sm">
        {loan.interestFreeDays > 0
          ? t('lending.terms.interestExplainedFree', {
              free: formatDays(Math.min(loan.interestFreeDays, loan.term), locale),
              rate: formatDailyRate(loan.dailyRate, locale),
            })
          : t('lending.terms.interestExplained', { rate: formatDailyRate(loan.dailyRate, locale) })}{' '}
        {t('lending.terms.earlyRepayment')}
      </Text>
      <Text size="sm">{t('lending.terms.overdue')}</Text>
      {collateral && (
        <Stack gap={6} data-testid="loan-terms-risks">
          <Title order={titleOrder === 2 ? 3 : 4} size="h5">
            {t('lending.terms.risksTitle')}
          </Title>
          <Text size="sm">{t('lending.terms.ltvExplained', { asset: collateral.asset, loanAsset: loan.asset })}</Text>
          <Text size="sm">
            {t('lending.terms.marginCallExplained', {
              ltv: formatLtv(collateral.marginCallLtv, locale),
              asset: collateral.asset,
            })}
          </Text>
          <Text size="sm">
            {t('lending.terms.liquidationExplained', {
              ltv: formatLtv(collateral.liquidationLtv, locale),
              initial: formatLtv(collateral.initialLtv, locale),
              asset: collateral.asset,
            })}
          </Text>
          <Text size="sm">{t('lending.terms.stalePrices')}</Text>
        </Stack>
      )}
    </Stack>
  );
}
