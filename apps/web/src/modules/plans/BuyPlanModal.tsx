import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { TSmartOrder, TSmartProduct } from '@openbourse/contracts';
import { CATALOGUE } from '@openbourse/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { Loading } from '../../shared/ui/QueryState';
import { useBalances } from '../ledger/ledger.api';
import { useAppropriatenessGate } from '../onboarding/appropriateness-gate';
import { Facts, type PlanFormat } from './parts';
import { exitFeeOf, type PlanAmountProblem, planAmountProblem } from './plan-math';
import { useBuySmart } from './plans.api';

const DAY_MS = 86_400_000;

/** A key for one purchase: the same request sent again (a retry after a lost answer) starts one plan only. */
function newPurchaseKey(): string {
  return `plan-${crypto.randomUUID()}`;
}

/**
 * Starting a plan (SPEC §4 "Smart plan", issue 18): the amount and a duration the product offers,
 * checked as typed, then a summary before any money moves — the amount moved to the plan's own
 * account, the duration, the early-exit fee disclosed, the backtest labelled with its period, and
 * the words "not a promise". The first live trade asks the appropriateness questions first, as
 * the order ticket does (10193).
 */
export function BuyPlanModal({
  product,
  format,
  onClose,
  onStarted,
}: {
  product: TSmartProduct;
  format: PlanFormat;
  onClose: () => void;
  onStarted: (order: TSmartOrder) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const balances = useBalances();
  const buy = useBuySmart();
  const appropriateness = useAppropriatenessGate('live');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState(String(product.days[0] ?? ''));
  const [problem, setProblem] = useState<PlanAmountProblem | null>(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [purchaseKey] = useState(newPurchaseKey);
  const available = balances.data?.find((row) => row.asset === 'USDT')?.available ?? null;
  const problemText = usePlanProblemText(format);
  const typed = amount.trim();
  const fee = problem === null && typed !== '' ? exitFeeOf(typed, product.exitFeeRate) : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = planAmountProblem(amount, {
      minAmount: product.minAmount,
      maxAmount: product.maxAmount,
      available: balances.isSuccess ? (available ?? '0') : null,
    });
    setProblem(found);
    if (found) {
      requestAnimationFrame(() => document.getElementById(`${formId}-amount`)?.focus());
      return;
    }
    if (appropriateness.intercept(() => setStep('confirm'))) return;
    setStep('confirm');
  };

  const start = () => {
    buy.mutate(
      { productId: product.id, amount: typed, days: Number(days), idempotencyKey: purchaseKey },
      {
        onSuccess: onStarted,
        onError: (error) => {
          setStep('form');
          if (error instanceof ApiError && error.code === CATALOGUE.APPROPRIATENESS_REQUIRED.code) {
            appropriateness.ask(() => setStep('confirm'));
            return;
          }
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  const close = () => {
    if (!buy.isPending) onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={step === 'form' ? t('plans.buy.title', { name: product.name }) : t('plans.buy.confirmTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {balances.isPending ? (
        <Loading />
      ) : step === 'form' ? (
        <form onSubmit={review} noValidate data-testid="plan-buy-form">
          <Stack gap="sm">
            <TextInput
              id={`${formId}-amount`}
              label={t('plans.buy.amount')}
              description={t('plans.buy.amountHint', {
                min: format.usdt(product.minAmount),
                max: format.usdt(product.maxAmount),
                available: format.usdt(available ?? '0'),
              })}
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setProblem(null);
              }}
              inputMode="decimal"
              autoComplete="off"
              withAsterisk
              error={problemText(problem)}
              data-autofocus
              data-testid="plan-buy-amount"
            />
            <Radio.Group
              label={t('plans.buy.duration')}
              value={days}
              onChange={setDays}
              withAsterisk
              data-testid="plan-buy-days"
            >
              <Group gap="md" mt={6}>
                {product.days.map((choice) => (
                  <Radio key={choice} value={String(choice)} label={format.days(choice)} />
                ))}
              </Group>
            </Radio.Group>
            <Text size="sm" data-testid="plan-buy-fee">
              {t('plans.buy.feeDisclosed', {
                rate: format.rate(product.exitFeeRate),
                fee: fee === null ? '—' : format.usdt(fee),
              })}
            </Text>
            {refusal && (
              <Alert color="red" role="alert" data-testid="plan-buy-error">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('plans.buy.cancel')}
              </Button>
              <Button type="submit" data-testid="plan-buy-review">
                {t('plans.buy.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <PurchaseSummary
          product={product}
          amount={typed}
          days={Number(days)}
          format={format}
          pending={buy.isPending}
          onBack={() => setStep('form')}
          onConfirm={start}
        />
      )}
      {appropriateness.element}
    </Modal>
  );
}

/** The summary shown before money moves: what moves where, for how long, what leaving early costs, and what the backtest is. */
function PurchaseSummary({
  product,
  amount,
  days,
  format,
  pending,
  onBack,
  onConfirm,
}: {
  product: TSmartProduct;
  amount: string;
  days: number;
  format: PlanFormat;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const backtest = product.backtest;
  const [endsAbout] = useState(() => new Date(Date.now() + days * DAY_MS).toISOString());
  return (
    <Stack gap="sm" data-testid="plan-buy-confirm">
      <Text size="sm">{t('plans.buy.confirmIntro')}</Text>
      <Text fw={600}>{product.name}</Text>
      <Facts
        facts={[
          {
            key: 'amount',
            label: t('plans.buy.moved'),
            value: format.usdt(amount),
            testId: 'plan-confirm-amount',
          },
          {
            key: 'days',
            label: t('plans.buy.duration'),
            value: t('plans.buy.durationValue', { days: format.days(days), end: format.dateTime(endsAbout) }),
          },
          {
            key: 'fee',
            label: t('plans.buy.exitFee'),
            value: t('plans.buy.exitFeeValue', {
              fee: format.usdt(exitFeeOf(amount, product.exitFeeRate)),
              rate: format.rate(product.exitFeeRate),
            }),
            testId: 'plan-confirm-exit-fee',
          },
          {
            key: 'backtest',
            label: t('plans.buy.backtest'),
            value: backtest
              ? t('plans.buy.backtestValue', {
                  label:
                    backtest.dataKind === 'historical'
                      ? t('plans.products.backtest.historical')
                      : t('plans.products.backtest.sandbox'),
                  from: format.dateTime(backtest.from),
                  to: format.dateTime(backtest.to),
                  totalReturn: format.signedPercent(backtest.totalReturn),
                  maxDrawdown: format.percent(backtest.maxDrawdown),
                })
              : t('plans.buy.noBacktest'),
            testId: 'plan-confirm-backtest',
          },
        ]}
      />
      <Alert color="yellow" variant="light" data-testid="plan-confirm-not-promise">
        <Text size="sm" fw={600}>
          {t('plans.buy.notPromise')}
        </Text>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={pending}>
          {t('plans.common.back')}
        </Button>
        <Button onClick={onConfirm} loading={pending} data-testid="plan-buy-submit">
          {t('plans.buy.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** An amount's problem in the reader's language, its limits written as USDT amounts. */
function usePlanProblemText(format: PlanFormat): (problem: PlanAmountProblem | null) => string | null {
  const { t } = useTranslation();
  return (problem) => {
    if (!problem) return null;
    switch (problem.problem) {
      case 'tooManyDecimals':
        return t('plans.common.problems.tooManyDecimals', { decimals: problem.decimals });
      case 'belowMinimum':
        return t('plans.common.problems.belowMinimum', { minimum: format.usdt(problem.minimum) });
      case 'aboveMaximum':
        return t('plans.common.problems.aboveMaximum', { maximum: format.usdt(problem.maximum) });
      case 'aboveAvailable':
        return t('plans.common.problems.aboveAvailable', { available: format.usdt(problem.available) });
      default:
        return t(`plans.common.problems.${problem.problem}`);
    }
  };
}
