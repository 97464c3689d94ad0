import { Alert, Anchor, Button, Card, Group, Modal, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TBalance, TLoanSetting } from '@openbourse/contracts';
import { KYC_STATUS, type LoanVerificationLevel } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { displayDecimals } from '../../shared/format/money';
import { Loading, QueryState } from '../../shared/ui/QueryState';
import { useKycRecord } from '../kyc/kyc.api';
import { VerificationSection } from '../kyc/VerificationSection';
import { useBalances } from '../ledger/ledger.api';
import { useLocale } from '../market/use-locale';
import { useApplyLoan, useLoanSettings } from './lending.api';
import { formatDailyRate, formatDays, formatLtv } from './loan-format';
import {
  type AmountProblem,
  amountOf,
  balanceAmountProblem,
  collateralRequiredFor,
  limitFor,
  loanAmountProblem,
  ltvOf,
  maxLoanFor,
  promisedInterest,
  verificationLevelOf,
} from './loan-math';
import { PriceLine } from './PriceLine';
import { BackToLoans, Facts, kindKey, LiveLoansOnly, LoanScreen, PageTitle, useAssetAmount } from './parts';
import { useAmountProblemText } from './problem-text';
import { useCollateralPrice } from './use-collateral-price';

/** `/loan/apply/:settingId`: the application for one product (SPEC §2 "/loan": apply). */
export default function ApplyPage() {
  const { settingId = '' } = useParams();
  return (
    <LoanScreen testId="loan-apply-page">
      <BackToLoans />
      <ApplyTitle />
      <LiveLoansOnly from={`/loan/apply/${settingId}`}>
        <Application settingId={settingId} />
      </LiveLoansOnly>
    </LoanScreen>
  );
}

function ApplyTitle() {
  const { t } = useTranslation();
  return <PageTitle>{t('lending.apply.title')}</PageTitle>;
}

function Application({ settingId }: { settingId: string }) {
  const { t } = useTranslation();
  const settings = useLoanSettings();
  const record = useKycRecord();
  const balances = useBalances();
  if (record.isPending) return <Loading />;
  return (
    <QueryState query={settings}>
      {(data) => {
        const setting = data.items.find((item) => item.id === settingId);
        if (!setting) {
          return (
            <Alert color="yellow" role="alert" data-testid="loan-product-missing">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('lending.apply.productMissing')}</Text>
                <Anchor component={Link} to="/loan" size="sm">
                  {t('lending.apply.seeProducts')}
                </Anchor>
              </Stack>
            </Alert>
          );
        }
        const status = record.data?.status;
        const level = verificationLevelOf(status);
        if (limitFor(setting, level) === null) {
          // An unsecured product lends to verified borrowers only (10022): the verification first.
          return (
            <Stack gap="lg">
              <Alert color="blue" role="status" data-testid="loan-verify-first">
                {status === KYC_STATUS.pending
                  ? t('lending.apply.verificationPending')
                  : t('lending.apply.verifyFirst')}
              </Alert>
              <VerificationSection startOpen={status !== KYC_STATUS.pending} />
            </Stack>
          );
        }
        return (
          <QueryState query={balances}>
            {(rows) => <ApplyForm setting={setting} level={level} balances={rows} />}
          </QueryState>
        );
      }}
    </QueryState>
  );
}

type Problems = { term?: string; amount?: AmountProblem; collateralAmount?: AmountProblem };

/** The asset's ledger decimals (the most an amount may carry), from the balances list. */
function decimalsOf(balances: readonly TBalance[], asset: string): number {
  return balances.find((row) => row.asset === asset)?.decimals ?? displayDecimals(asset);
}

/**
 * The application: a term, an amount within the borrower's limits and, for a crypto-backed loan,
 * the collateral with a live calculator (the most it lends at the initial LTV, the least it needs
 * for the amount). The interest the offer will promise and the total are shown before anything is
 * sent; a confirmation names what moves (the collateral locked) before it does.
 */
function ApplyForm({
  setting,
  level,
  balances,
}: {
  setting: TLoanSetting;
  level: LoanVerificationLevel;
  balances: readonly TBalance[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const amountText = useAssetAmount();
  const problemText = useAmountProblemText();
  const formId = useId();
  const isCrypto = setting.kind === 'crypto_backed';
  const limit = limitFor(setting, level);
  const loanDecimals = decimalsOf(balances, setting.asset);

  const [term, setTerm] = useState<number | null>(setting.terms.length === 1 ? (setting.terms[0] ?? null) : null);
  const [amount, setAmount] = useState('');
  const [collateralAsset, setCollateralAsset] = useState<string | null>(setting.collateralAssets[0] ?? null);
  const [collateralAmount, setCollateralAmount] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState<{ idempotencyKey: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useApplyLoan();

  const collateral = useCollateralPrice(isCrypto ? collateralAsset : null, setting.asset);
  const collateralDecimals = collateralAsset ? decimalsOf(balances, collateralAsset) : 0;
  const collateralBalance = collateralAsset ? (balances.find((row) => row.asset === collateralAsset) ?? null) : null;
  const price = collateral.price?.price && !collateral.price.stale ? Decimal.parse(collateral.price.price) : null;
  const initialLtv = setting.initialLtv ? Decimal.parse(setting.initialLtv) : null;

  const amountValue = amountOf(amount, loanDecimals);
  const collateralValue = amountOf(collateralAmount, collateralDecimals);
  // What the collateral typed lends at most, and what the amount typed needs, at the display
  // precision (rounded in the safe direction: down for the loan, up for the collateral).
  const maxForCollateral =
    collateralValue && price && initialLtv
      ? maxLoanFor(collateralValue, price, initialLtv, Math.min(loanDecimals, displayDecimals(setting.asset)))
      : null;
  const collateralNeeded =
    amountValue && price && initialLtv && collateralAsset
      ? collateralRequiredFor(
          amountValue,
          price,
          initialLtv,
          Math.min(collateralDecimals, displayDecimals(collateralAsset)),
        )
      : null;
  const startLtv = amountValue && collateralValue && price ? ltvOf(amountValue, collateralValue, price) : null;
  const interest =
    amountValue && term !== null
      ? promisedInterest({
          amount: amountValue,
          dailyRate: setting.dailyRate,
          termDays: term,
          interestFreeDays: setting.interestFreeDays,
          decimals: loanDecimals,
        })
      : null;
  const total = amountValue && interest ? amountValue.add(interest) : null;

  const check = (): Problems => {
    const found: Problems = {};
    if (term === null) found.term = t('lending.apply.chooseTerm');
    const amountProblem = loanAmountProblem(amount, {
      decimals: loanDecimals,
      limit,
      collateralMaximum: isCrypto ? maxForCollateral : null,
    });
    if (amountProblem) found.amount = amountProblem;
    if (isCrypto) {
      const collateralProblem = balanceAmountProblem(collateralAmount, {
        decimals: collateralDecimals,
        available: collateralBalance?.available ?? '0',
      });
      if (collateralProblem) found.collateralAmount = collateralProblem;
    }
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // The first marked field takes the focus, its problem read with it.
      requestAnimationFrame(() =>
        document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setConfirming({ idempotencyKey: crypto.randomUUID() });
  };

  const send = () => {
    if (!confirming || term === null) return;
    apply.mutate(
      {
        settingId: setting.id,
        amount: amount.trim(),
        term,
        idempotencyKey: confirming.idempotencyKey,
        ...(isCrypto && collateralAsset ? { collateralAsset, collateralAmount: collateralAmount.trim() } : {}),
      },
      {
        onSuccess: (loan) => {
          setConfirming(null);
          navigate(`/loan/${loan.id}`);
        },
        onError: (error) => {
          setConfirming(null);
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  const heading = t('lending.page.product.heading', { kind: t(kindKey(setting.kind)), asset: setting.asset });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby={`${formId}-product`}>
        <Title order={2} size="h4" id={`${formId}-product`} mb="xs">
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t('lending.common.perDay', { rate: formatDailyRate(setting.dailyRate, locale) })}
          {' · '}
          {setting.interestFreeDays > 0
            ? t('lending.apply.interestFreeFirst', { days: formatDays(setting.interestFreeDays, locale) })
            : t('lending.apply.noInterestFree')}
          {isCrypto && ` · ${t('lending.apply.initialLtv', { ltv: formatLtv(setting.initialLtv, locale) })}`}
        </Text>
      </Card>

      <form id={formId} onSubmit={submit} noValidate data-testid="loan-apply-form">
        <Stack gap="md">
          <Radio.Group
            label={t('lending.apply.term')}
            value={term === null ? '' : String(term)}
            onChange={(value) => {
              setTerm(Number(value));
              setProblems((current) => ({ ...current, term: undefined }));
            }}
            error={problems.term}
            withAsterisk
            data-testid="loan-term"
          >
            <Group gap="md" mt={6}>
              {setting.terms.map((days) => (
                <Radio key={days} value={String(days)} label={formatDays(days, locale)} />
              ))}
            </Group>
          </Radio.Group>

          {isCrypto && (
            <CollateralFields
              setting={setting}
              collateralAsset={collateralAsset}
              onAsset={(asset) => {
                setCollateralAsset(asset);
                setCollateralAmount('');
                setProblems((current) => ({ ...current, collateralAmount: undefined }));
              }}
              collateralAmount={collateralAmount}
              onAmount={(value) => {
                setCollateralAmount(value);
                setProblems((current) => ({ ...current, collateralAmount: undefined, amount: undefined }));
              }}
              balance={collateralBalance}
              problem={problemText(problems.collateralAmount, collateralAsset ?? '')}
              price={collateral.price}
              isPriceLoading={collateral.isLoading}
              maxForCollateral={maxForCollateral}
              onBorrowMaximum={(value) => {
                setAmount(value);
                setProblems((current) => ({ ...current, amount: undefined }));
              }}
              limitMaximum={limit?.maxAmount ?? null}
            />
          )}

          <TextInput
            label={t('lending.apply.amount', { asset: setting.asset })}
            description={
              limit
                ? t('lending.apply.amountLimits', {
                    min: amountText(limit.minAmount, setting.asset),
                    max: amountText(limit.maxAmount, setting.asset),
                    level: t(`lending.common.levels.${level}`),
                  })
                : undefined
            }
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setProblems((current) => ({ ...current, amount: undefined }));
            }}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            error={problemText(problems.amount, setting.asset)}
            data-testid="loan-amount"
          />

          {isCrypto && collateralAsset && collateralNeeded && (
            <Group gap="xs" wrap="wrap" data-testid="loan-collateral-needed">
              <Text size="sm">
                {t('lending.apply.collateralNeeded', {
                  amount: amountText(amountValue?.toString() ?? null, setting.asset),
                  collateral: amountText(collateralNeeded.toString(), collateralAsset),
                })}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  setCollateralAmount(collateralNeeded.toString());
                  setProblems((current) => ({ ...current, collateralAmount: undefined, amount: undefined }));
                }}
                data-testid="loan-use-collateral-needed"
              >
                {t('lending.apply.useCollateralNeeded')}
              </Button>
            </Group>
          )}

          <Card withBorder padding="md" component="section" aria-labelledby={`${formId}-cost`} data-testid="loan-cost">
            <Title order={2} size="h5" id={`${formId}-cost`} mb="xs">
              {t('lending.apply.costTitle')}
            </Title>
            <Facts
              facts={[
                {
                  key: 'interest',
                  label: t('lending.common.interest'),
                  value: interest ? amountText(interest.toString(), setting.asset) : '—',
                  testId: 'loan-cost-interest',
                },
                {
                  key: 'total',
                  label: t('lending.common.totalRepayable'),
                  value: total ? amountText(total.toString(), setting.asset) : '—',
                  testId: 'loan-cost-total',
                },
                {
                  key: 'due',
                  label: t('lending.common.dueDate'),
                  value: term === null ? '—' : t('lending.common.daysAfterPayout', { days: formatDays(term, locale) }),
                },
                isCrypto && {
                  key: 'ltv',
                  label: t('lending.apply.startLtv'),
                  value: startLtv ? formatLtv(startLtv.toString(), locale) : '—',
                  testId: 'loan-cost-ltv',
                },
              ]}
            />
            <Text size="xs" c="dimmed" mt="xs">
              {term !== null && setting.interestFreeDays > 0
                ? t('lending.apply.costHowFree', {
                    free: formatDays(Math.min(setting.interestFreeDays, term), locale),
                    rate: formatDailyRate(setting.dailyRate, locale),
                  })
                : t('lending.apply.costHow', { rate: formatDailyRate(setting.dailyRate, locale) })}{' '}
              {t('lending.apply.serverDecides')}
            </Text>
          </Card>

          {refusal && (
            <Alert color="red" role="alert" data-testid="loan-apply-refusal">
              {refusal}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={apply.isPending} data-testid="loan-apply-submit">
              {t('lending.apply.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={confirming !== null}
        onClose={() => (apply.isPending ? undefined : setConfirming(null))}
        title={t('lending.apply.confirmTitle')}
        centered
      >
        <Stack gap="sm" data-testid="loan-apply-confirm">
          <Facts
            facts={[
              { key: 'product', label: t('lending.apply.product'), value: heading },
              {
                key: 'amount',
                label: t('lending.common.amount'),
                value: amountText(amount.trim() || null, setting.asset),
              },
              { key: 'term', label: t('lending.apply.term'), value: term === null ? '—' : formatDays(term, locale) },
              {
                key: 'interest',
                label: t('lending.common.interest'),
                value: interest ? amountText(interest.toString(), setting.asset) : '—',
              },
              isCrypto &&
                collateralAsset && {
                  key: 'collateral',
                  label: t('lending.apply.collateralLocked'),
                  value: amountText(collateralAmount.trim() || null, collateralAsset),
                },
            ]}
          />
          <Text size="sm">
            {isCrypto
              ? t('lending.apply.confirmCrypto', { asset: collateralAsset ?? '' })
              : t('lending.apply.confirmUnsecured')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={apply.isPending}>
              {t('lending.common.back')}
            </Button>
            <Button onClick={send} loading={apply.isPending} data-testid="loan-apply-confirm-submit">
              {t('lending.apply.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * The collateral: which asset, how much (with the balance available and "use all"), its live price
 * with the source, and the most the amount typed lends at the initial LTV (with "borrow that").
 */
function CollateralFields({
  setting,
  collateralAsset,
  onAsset,
  collateralAmount,
  onAmount,
  balance,
  problem,
  price,
  isPriceLoading,
  maxForCollateral,
  onBorrowMaximum,
  limitMaximum,
}: {
  setting: TLoanSetting;
  collateralAsset: string | null;
  onAsset: (asset: string) => void;
  collateralAmount: string;
  onAmount: (value: string) => void;
  balance: TBalance | null;
  problem: string | null;
  price: ReturnType<typeof useCollateralPrice>['price'];
  isPriceLoading: boolean;
  maxForCollateral: Decimal | null;
  onBorrowMaximum: (value: string) => void;
  limitMaximum: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amountText = useAssetAmount();
  // The most to borrow: what the collateral carries, within the borrower's maximum.
  const borrowable =
    maxForCollateral && limitMaximum ? Decimal.min(maxForCollateral, Decimal.parse(limitMaximum)) : maxForCollateral;
  return (
    <Stack gap="sm" data-testid="loan-collateral">
      <Radio.Group
        label={t('lending.apply.collateralAsset')}
        value={collateralAsset ?? ''}
        onChange={onAsset}
        withAsterisk
        data-testid="loan-collateral-asset"
      >
        <Group gap="md" mt={6}>
          {setting.collateralAssets.map((asset) => (
            <Radio key={asset} value={asset} label={asset} />
          ))}
        </Group>
      </Radio.Group>
      {collateralAsset && (
        <PriceLine asset={collateralAsset} loanAsset={setting.asset} price={price} isLoading={isPriceLoading} />
      )}
      {collateralAsset && (
        <TextInput
          label={t('lending.apply.collateralAmount', { asset: collateralAsset })}
          description={t('lending.apply.available', {
            amount: amountText(balance?.available ?? '0', collateralAsset),
          })}
          value={collateralAmount}
          onChange={(event) => onAmount(event.currentTarget.value)}
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
          error={problem}
          rightSectionWidth="auto"
          rightSection={
            balance && Decimal.parse(balance.available).isPositive() ? (
              <Button
                variant="subtle"
                size="compact-xs"
                me={4}
                onClick={() => onAmount(balance.available)}
                data-testid="loan-collateral-all"
              >
                {t('lending.apply.useAll')}
              </Button>
            ) : null
          }
          data-testid="loan-collateral-amount"
        />
      )}
      {collateralAsset && borrowable && (
        <Group gap="xs" wrap="wrap" data-testid="loan-max-for-collateral">
          <Text size="sm">
            {t('lending.apply.maxForCollateral', {
              amount: amountText(borrowable.toString(), setting.asset),
              ltv: formatLtv(setting.initialLtv, locale),
            })}
          </Text>
          {borrowable.isPositive() && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onBorrowMaximum(borrowable.toString())}
              data-testid="loan-borrow-maximum"
            >
              {t('lending.apply.borrowMaximum')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
