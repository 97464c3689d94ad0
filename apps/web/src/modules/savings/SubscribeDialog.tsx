import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFinancialProduct } from '@openbourse/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { type MoneyOutcome, MoneyOutcomeAlert } from '../../shared/ui/MoneyMove';
import { useBalances } from '../ledger/ledger.api';
import { Facts } from './parts';
import { useInvest } from './savings.api';
import { useSavingsFormat } from './savings-format';
import {
  type AmountProblem,
  amountOf,
  amountProblem,
  earlyExitPenalty,
  interestAtMaturity,
  maturityFrom,
  smallestUnit,
} from './savings-math';

/**
 * Subscribing (issue 18) in two steps of one dialog: the amount, checked as it is typed against
 * the product's limits, the available balance and the capacity left, with a summary that shows the
 * exact interest at maturity (to the asset's smallest unit), what maturity returns, the maturity
 * date and what an early exit would keep; then the confirmation, the only step that moves money.
 * A refusal is said in the reader's language beside the buttons.
 */
export function SubscribeDialog({ product, onClose }: { product: TFinancialProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useSavingsFormat();
  const formId = useId();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const balances = useBalances();
  const invest = useInvest();
  const [value, setValue] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  const [step, setStep] = useState<'amount' | 'confirm'>('amount');
  const [outcome, setOutcome] = useState<MoneyOutcome | null>(null);
  const available = balances.data?.find((balance) => balance.asset === product.asset)?.available ?? null;
  const problem = amountProblem(value, product, available);
  const amount = amountOf(value, product.decimals);
  // The summary from the moment the amount is one the product takes, even beyond the balance or the
  // capacity left (what it would earn is worth knowing); nothing is sent before the confirmation.
  const isWithinProduct =
    problem === null || problem.problem === 'aboveAvailable' || problem.problem === 'aboveCapacity';
  const summary =
    amount && isWithinProduct
      ? {
          interest: interestAtMaturity(amount, product.dailyRate, product.periodDays, product.decimals),
          penalty: earlyExitPenalty(amount, product.penaltyRate, product.decimals),
          maturity: maturityFrom(new Date(), product.periodDays),
        }
      : null;
  const problemText = (found: AmountProblem | null) => {
    if (!found) return undefined;
    const values = {
      decimals: 'decimals' in found ? String(found.decimals) : '',
      minimum: 'minimum' in found ? format.amount(found.minimum, product.asset) : '',
      maximum: 'maximum' in found ? format.amount(found.maximum, product.asset) : '',
      remaining: 'remaining' in found ? format.amount(found.remaining, product.asset) : '',
      available: 'available' in found ? format.amount(found.available, product.asset) : '',
    };
    return t(`savings.page.problems.${found.problem}`, values);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setProblemShown(true);
    if (problem !== null) {
      requestAnimationFrame(() => document.getElementById(`${formId}-amount`)?.focus());
      return;
    }
    setStep('confirm');
  };
  const send = () => {
    const typed = value.trim();
    invest.mutate(
      { productId: product.id, amount: typed },
      {
        onSuccess: (order) => {
          setStep('amount');
          setValue('');
          setProblemShown(false);
          setOutcome({
            tone: 'success',
            text: t('savings.page.subscribe.done', {
              amount: format.amount(order.amount, order.asset),
              name: order.productName,
              interest: format.exact(order.reservedInterest, order.asset),
              date: format.dateTime(order.maturityTime),
            }),
          });
        },
        onError: (error) => {
          setStep('amount');
          setOutcome({ tone: 'error', text: errorMessage(error) });
        },
      },
    );
  };

  const summaryFacts = summary && amount && (
    <Facts
      label={t('savings.page.subscribe.summary')}
      facts={[
        {
          key: 'amount',
          label: t('savings.page.subscribe.amountShort'),
          value: format.exact(amount.toString(), product.asset),
        },
        {
          key: 'interest',
          label: t('savings.page.subscribe.interest'),
          value: format.exact(summary.interest.toString(), product.asset),
          testId: 'savings-summary-interest',
        },
        {
          key: 'total',
          label: t('savings.page.subscribe.total'),
          value: format.exact(amount.add(summary.interest).toString(), product.asset),
          testId: 'savings-summary-total',
        },
        {
          key: 'maturity',
          label: t('savings.page.subscribe.maturity'),
          value: format.dateTime(summary.maturity),
          testId: 'savings-summary-maturity',
        },
        {
          key: 'penalty',
          label: t('savings.page.subscribe.penaltyIfEarly', { rate: format.percent(product.penaltyRate) }),
          value: format.exact(summary.penalty.toString(), product.asset),
          testId: 'savings-summary-penalty',
        },
      ]}
    />
  );

  return (
    <Modal
      opened
      onClose={() => (invest.isPending ? undefined : onClose())}
      title={
        step === 'confirm'
          ? t('savings.page.subscribe.confirmTitle')
          : t('savings.page.subscribe.title', { name: product.name })
      }
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('savings.page.common.close') }}
    >
      {step === 'amount' ? (
        <form onSubmit={review} noValidate data-testid="savings-subscribe-form">
          <Stack gap="sm">
            <TextInput
              id={`${formId}-amount`}
              label={t('savings.page.subscribe.amount', { asset: product.asset })}
              description={t('savings.page.subscribe.amountHint', {
                min: format.amount(product.minAmount, product.asset),
                max: format.amount(product.maxAmount, product.asset),
                available: available === null ? '—' : format.amount(available, product.asset),
              })}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setOutcome(null);
              }}
              inputMode="decimal"
              autoComplete="off"
              withAsterisk
              error={isProblemShown ? problemText(problem) : undefined}
              data-autofocus
              data-testid="savings-amount"
            />
            <div aria-live="polite" data-testid="savings-summary">
              {summaryFacts ? (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('savings.page.subscribe.summary')}
                  </Text>
                  {summaryFacts}
                  <Text size="xs" c="dimmed">
                    {t('savings.page.subscribe.summaryHint', { unit: smallestUnit(product.decimals) })}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('savings.page.subscribe.summaryEmpty')}
                </Text>
              )}
            </div>
            <MoneyOutcomeAlert outcome={outcome} testId="savings-subscribe" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {outcome?.tone === 'success' ? t('savings.page.common.close') : t('savings.page.common.cancel')}
              </Button>
              <Button type="submit" data-testid="savings-review">
                {t('savings.page.subscribe.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm" data-testid="savings-subscribe-confirm">
          {summaryFacts}
          <Text size="sm">
            {t('savings.page.subscribe.confirmText', {
              amount: format.exact(amount?.toString() ?? '0', product.asset),
              interest: format.exact(summary?.interest.toString() ?? '0', product.asset),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('amount')} disabled={invest.isPending}>
              {t('savings.page.common.back')}
            </Button>
            <Button onClick={send} loading={invest.isPending} data-testid="savings-subscribe-confirm-submit">
              {t('savings.page.subscribe.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
