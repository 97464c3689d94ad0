import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { QueryState } from '../../shared/ui/QueryState';
import { useDateTime } from '../kyc/kyc-format';
import { formatPrice } from '../market/format';
import { useLocale } from '../market/use-locale';
import { AddCollateral } from './AddCollateral';
import { LoanHistory, LoanSchedule } from './LoanHistory';
import { LoanTerms } from './LoanTerms';
import { LtvGauge } from './LtvGauge';
import { downloadAgreement, useLoan } from './lending.api';
import { formatLtv } from './loan-format';
import { useSourceName } from './PriceLine';
import {
  BackToLoans,
  Facts,
  kindKey,
  LiveLoansOnly,
  LoanScreen,
  LoanStatusBadge,
  PageTitle,
  useAssetAmount,
} from './parts';
import { LatestApplication, RepayPanel } from './RepayPanel';
import { SignOffer } from './SignOffer';

/** Digits the margin-call and liquidation prices are shown with. */
const TRIGGER_PRICE_DECIMALS = 2;

/**
 * `/loan/:id`: one of the borrower's loans. An offer awaiting the signature shows its terms and the
 * signature; a loan taken shows where it stands (amounts, due date, schedule, history), for a
 * crypto-backed one the LTV gauge with the price it is measured at, the agreement to download and
 * the ways to repay.
 */
export default function LoanDetailPage() {
  const { id = '' } = useParams();
  return (
    <LoanScreen testId="loan-detail-page">
      <BackToLoans />
      <LoanTitle id={id} />
      <LiveLoansOnly from={`/loan/${id}`}>
        <LoanLoader id={id} />
      </LiveLoansOnly>
    </LoanScreen>
  );
}

function LoanTitle({ id }: { id: string }) {
  const { t } = useTranslation();
  return <PageTitle>{t('lending.detail.title', { id })}</PageTitle>;
}

function LoanLoader({ id }: { id: string }) {
  const loan = useLoan(id);
  return (
    <QueryState query={loan}>
      {(data) => (
        <Stack gap="lg" data-testid="loan" data-loan-id={data.id} data-status={data.status}>
          <LoanHeader loan={data} />
          {data.status === 'awaiting_signature' ? <SignOffer loan={data} /> : <LoanDetail loan={data} />}
        </Stack>
      )}
    </QueryState>
  );
}

function LoanHeader({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap">
      <Text fw={600}>{t('lending.page.product.heading', { kind: t(kindKey(loan.kind)), asset: loan.asset })}</Text>
      <LoanStatusBadge status={loan.status} size="lg" />
    </Group>
  );
}

function LoanDetail({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const amount = useAssetAmount();
  const amountsId = useId();
  const isOwed = loan.status === 'repaying' || loan.status === 'overdue';
  return (
    <Stack gap="lg">
      <StatusNotice loan={loan} />

      <Card withBorder padding="lg" component="section" aria-labelledby={amountsId} data-testid="loan-amounts">
        <Title order={2} size="h4" id={amountsId} mb="sm">
          {t('lending.detail.amountsTitle')}
        </Title>
        {isOwed && (
          <Text size="xl" fw={700} mb="sm">
            {t('lending.common.outstanding')}:{' '}
            <span className="ob-amount" data-testid="loan-outstanding">
              {amount(loan.outstanding, loan.asset)}
            </span>
          </Text>
        )}
        <Facts
          facts={[
            { key: 'principal', label: t('lending.common.amount'), value: amount(loan.amount, loan.asset) },
            {
              key: 'outstanding',
              label: t('lending.common.outstanding'),
              value: amount(loan.outstanding, loan.asset),
            },
            {
              key: 'interestSoFar',
              label: t('lending.detail.interestSoFar'),
              value: amount(loan.interestSoFar, loan.asset),
              testId: 'loan-interest-so-far',
            },
            {
              key: 'interestPaid',
              label: t('lending.detail.interestPaid'),
              value: amount(loan.interestPaid, loan.asset),
            },
            {
              key: 'principalPaid',
              label: t('lending.detail.principalPaid'),
              value: amount(loan.principalPaid, loan.asset),
              testId: 'loan-principal-paid',
            },
            loan.dueDate && {
              key: 'due',
              label: t('lending.common.dueDate'),
              value: dateTime(loan.dueDate),
              testId: 'loan-due-date',
            },
            loan.disbursedAt && {
              key: 'disbursed',
              label: t('lending.detail.disbursedAt'),
              value: dateTime(loan.disbursedAt),
            },
            loan.signedAt && { key: 'signed', label: t('lending.detail.signedAt'), value: dateTime(loan.signedAt) },
          ]}
        />
      </Card>

      {loan.collateral && <CollateralCard loan={loan} collateral={loan.collateral} />}

      {loan.collateral && (loan.status === 'repaying' || loan.status === 'overdue') && (
        <AddCollateral loan={loan} collateral={loan.collateral} />
      )}

      {loan.agreementAvailable && <AgreementCard loan={loan} />}

      {loan.canRepay ? <RepayPanel loan={loan} /> : loan.repaymentApplication && <ApplicationCard loan={loan} />}

      <Card withBorder padding="lg">
        <LoanTerms loan={loan} />
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="lg">
          <LoanSchedule loan={loan} />
          <LoanHistory loan={loan} />
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * The latest repayment application when the loan cannot be repaid now (one is under review, or the
 * loan is settled): its status, and while it is reviewed, that its amount is held.
 */
function ApplicationCard({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('lending.application.title')}
      </Title>
      {loan.repaymentApplication?.status === 'under_review' && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('lending.repay.applicationUnderReview')} {t('lending.application.oneAtATime')}
        </Text>
      )}
      <LatestApplication loan={loan} />
    </Card>
  );
}

/** What the status means for the borrower now. */
function StatusNotice({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  switch (loan.status) {
    case 'pending_review':
      return (
        <Alert color="yellow" role="status" data-testid="loan-notice">
          {t('lending.detail.notice.pending_review')}
        </Alert>
      );
    case 'repaying':
      return loan.dueDate ? (
        <Alert color="teal" role="status" data-testid="loan-notice">
          {t('lending.detail.notice.repaying', { date: dateTime(loan.dueDate) })}
        </Alert>
      ) : null;
    case 'overdue':
      return (
        <Alert color="red" role="alert" data-testid="loan-notice">
          {t('lending.detail.notice.overdue')}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert color="red" role="status" data-testid="loan-notice">
          <Text size="sm">{t('lending.detail.notice.rejected')}</Text>
          {loan.rejectionReason && (
            <Text size="sm" mt={4} data-testid="loan-rejection-reason">
              {t('lending.detail.reason', { reason: loan.rejectionReason })}
            </Text>
          )}
        </Alert>
      );
    case 'repaid':
      return (
        <Alert color="teal" role="status" data-testid="loan-notice">
          {loan.collateral ? t('lending.detail.notice.repaidCrypto') : t('lending.detail.notice.repaid')}
        </Alert>
      );
    case 'liquidated':
      return (
        <Alert color="orange" role="status" data-testid="loan-notice">
          {t('lending.detail.notice.liquidated')}
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert color="gray" role="status" data-testid="loan-notice">
          {loan.collateral ? t('lending.detail.notice.cancelledCrypto') : t('lending.detail.notice.cancelled')}
        </Alert>
      );
    default:
      return null;
  }
}

function CollateralCard({ loan, collateral }: { loan: TLoan; collateral: NonNullable<TLoan['collateral']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dateTime = useDateTime();
  const amount = useAssetAmount();
  const sourceName = useSourceName();
  const headingId = useId();
  const isHeld = loan.status === 'repaying' || loan.status === 'overdue';
  const ltvHistory = loan.events.filter((event) => event.ltv !== null);
  const price = (value: string | null) =>
    value === null ? '—' : `${formatPrice(value, TRIGGER_PRICE_DECIMALS, locale)} ${loan.asset}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid="loan-collateral-card">
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('lending.detail.collateralTitle')}
      </Title>
      <Stack gap="md">
        {isHeld && <LtvGauge collateral={collateral} />}
        <Facts
          facts={[
            {
              key: 'held',
              label: isHeld ? t('lending.detail.collateralHeld') : t('lending.detail.collateralLeft'),
              value: amount(collateral.amount, collateral.asset),
              testId: 'loan-collateral-held',
            },
            {
              key: 'initial',
              label: t('lending.detail.collateralInitial'),
              value: amount(collateral.initialAmount, collateral.asset),
            },
            isHeld && {
              key: 'price',
              label: t('lending.detail.price', { asset: collateral.asset }),
              value: collateral.price === null ? t('lending.detail.noPrice') : price(collateral.price),
              testId: 'loan-collateral-price',
            },
            isHeld &&
              collateral.priceSource !== null && {
                key: 'source',
                label: t('lending.detail.priceSource'),
                value: `${sourceName(collateral.priceSource)}${collateral.priceTime ? ` · ${dateTime(collateral.priceTime)}` : ''}`,
                testId: 'loan-collateral-source',
              },
            isHeld && {
              key: 'marginCallPrice',
              label: t('lending.detail.marginCallPrice'),
              value: price(collateral.marginCallPrice),
              testId: 'loan-margin-call-price',
            },
            isHeld && {
              key: 'liquidationPrice',
              label: t('lending.detail.liquidationPrice'),
              value: price(collateral.liquidationPrice),
              testId: 'loan-liquidation-price',
            },
          ]}
        />
        {isHeld && (
          <Text size="sm" c="dimmed">
            {t('lending.detail.collateralExplained', {
              marginCall: formatLtv(collateral.marginCallLtv, locale),
              liquidation: formatLtv(collateral.liquidationLtv, locale),
              asset: collateral.asset,
            })}
          </Text>
        )}
        {ltvHistory.length > 0 && (
          <Stack gap={4} data-testid="loan-ltv-history">
            <Title order={3} size="h5">
              {t('lending.detail.ltvHistoryTitle')}
            </Title>
            <Stack component="ul" gap={2} m={0} ps="md">
              {ltvHistory.map((event) => (
                <Text component="li" size="sm" key={`${event.kind}-${event.at}-${event.ltv}`}>
                  {t('lending.detail.ltvHistoryLine', {
                    time: dateTime(event.at),
                    what: t(`lending.common.events.${event.kind}`),
                    ltv: formatLtv(event.ltv, locale),
                    price: price(event.price),
                  })}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The signed agreement as a PDF, fetched with the session's headers and saved (the token never in a URL). */
function AgreementCard({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadAgreement(loan.id);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid="loan-agreement">
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('lending.detail.agreementTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lending.detail.agreementIntro')}
      </Text>
      {loan.termsHash && (
        <Text size="xs" mb="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('lending.detail.termsHash')}{' '}
          <Text component="span" ff="monospace" size="xs" data-testid="loan-terms-hash">
            {loan.termsHash}
          </Text>
        </Text>
      )}
      {state.error && (
        <Alert color="red" role="alert" mb="sm">
          {state.error}
        </Alert>
      )}
      <Button
        variant="light"
        onClick={() => void download()}
        loading={state.busy}
        data-testid="loan-agreement-download"
      >
        {t('lending.detail.download')}
      </Button>
    </Card>
  );
}
