import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { displayDecimals } from '../../shared/format/money';
import { type MoneyOutcome, MoneyOutcomeAlert } from '../../shared/ui/MoneyMove';
import { QueryState } from '../../shared/ui/QueryState';
import { useBalances } from '../ledger/ledger.api';
import { useAddCollateral } from './lending.api';
import { type AmountProblem, balanceAmountProblem } from './loan-math';
import { ConfirmMove } from './money-form-parts';
import { useAssetAmount } from './parts';
import { useAmountProblemText } from './problem-text';

/**
 * Adding collateral to a crypto-backed loan being repaid (issue 17): what a margin call asks for.
 * The amount is checked against the available balance of the collateral asset before anything is
 * sent, and confirmed; the loan's LTV falls at once (the answer replaces the loan shown).
 */
export function AddCollateral({ loan, collateral }: { loan: TLoan; collateral: NonNullable<TLoan['collateral']> }) {
  const balances = useBalances();
  return (
    <QueryState query={balances}>
      {(rows) => {
        const balance = rows.find((row) => row.asset === collateral.asset) ?? null;
        return (
          <AddCollateralForm
            loan={loan}
            collateral={collateral}
            available={balance?.available ?? '0'}
            decimals={balance?.decimals ?? displayDecimals(collateral.asset)}
          />
        );
      }}
    </QueryState>
  );
}

function AddCollateralForm({
  loan,
  collateral,
  available,
  decimals,
}: {
  loan: TLoan;
  collateral: NonNullable<TLoan['collateral']>;
  available: string;
  decimals: number;
}) {
  const { t } = useTranslation();
  const amount = useAssetAmount();
  const problemText = useAmountProblemText();
  const formId = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<MoneyOutcome | null>(null);
  const add = useAddCollateral(loan.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = balanceAmountProblem(value, { decimals, available });
    setProblem(found);
    if (found) {
      requestAnimationFrame(() => document.getElementById(`${formId}-amount`)?.focus());
      return;
    }
    setConfirming(true);
  };

  const send = () => {
    const adding = value.trim();
    add.mutate(adding, {
      onSuccess: () => {
        setConfirming(false);
        setValue('');
        setOutcome({
          tone: 'success',
          text: t('lending.detail.addCollateral.added', { amount: amount(adding, collateral.asset) }),
        });
      },
      onError: (error) => {
        setConfirming(false);
        setOutcome({ tone: 'error', text: errorMessage(error) });
      },
    });
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={`${formId}-title`}
      data-testid="loan-add-collateral"
    >
      <Title order={2} size="h4" id={`${formId}-title`} mb="xs">
        {t('lending.detail.addCollateral.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lending.detail.addCollateral.intro', { asset: collateral.asset })}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            id={`${formId}-amount`}
            label={t('lending.detail.addCollateral.amount', { asset: collateral.asset })}
            description={t('lending.detail.addCollateral.amountHint', {
              available: amount(available, collateral.asset),
              held: amount(collateral.amount, collateral.asset),
            })}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setProblem(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            error={problemText(problem, collateral.asset)}
            data-testid="loan-add-collateral-amount"
          />
          <MoneyOutcomeAlert outcome={outcome} testId="loan-add-collateral" />
          <Group>
            <Button type="submit" variant="light" loading={add.isPending} data-testid="loan-add-collateral-submit">
              {t('lending.detail.addCollateral.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmMove
        opened={confirming}
        pending={add.isPending}
        title={t('lending.detail.addCollateral.confirmTitle')}
        confirmLabel={t('lending.detail.addCollateral.confirm')}
        testId="loan-add-collateral-confirm"
        onClose={() => setConfirming(false)}
        onConfirm={send}
      >
        <Text size="sm">
          {t('lending.detail.addCollateral.confirmMessage', { amount: amount(value.trim(), collateral.asset) })}
        </Text>
      </ConfirmMove>
    </Card>
  );
}
