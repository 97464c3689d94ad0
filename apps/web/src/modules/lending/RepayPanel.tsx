import { Badge, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { TBalance, TLoan } from '@openbourse/contracts';
import { REPAYMENT_NOTE_MAX } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { displayDecimals } from '../../shared/format/money';
import { type MoneyOutcome, MoneyOutcomeAlert } from '../../shared/ui/MoneyMove';
import { QueryState } from '../../shared/ui/QueryState';
import { ImageUploadField } from '../../shared/upload/ImageUploadField';
import { useDateTime } from '../kyc/kyc-format';
import { useBalances } from '../ledger/ledger.api';
import { useRepayLoan, useRepaymentApplication } from './lending.api';
import { type AmountProblem, amountOf, balanceAmountProblem } from './loan-math';
import { ConfirmMove } from './money-form-parts';
import { Facts, useAssetAmount } from './parts';
import { useAmountProblemText } from './problem-text';

/**
 * Repaying (issue 17; SPEC §4 "Loans"): from the available balance at once (interest first, then
 * principal; "repay everything" is prefilled with what is owed), or by a repayment application an
 * operator reviews (the amount is held until then). Each asks for a confirmation before money moves.
 * Shown while the loan can be repaid: not while an application is under review (10038).
 */
export function RepayPanel({ loan }: { loan: TLoan }) {
  const balances = useBalances();
  return (
    <QueryState query={balances}>
      {(rows) => {
        const balance = rows.find((row) => row.asset === loan.asset) ?? null;
        return (
          <Stack gap="lg">
            <RepayFromBalance loan={loan} balance={balance} />
            <RepaymentApplicationForm loan={loan} balance={balance} />
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** Whether the amount typed is everything owed (the collateral is then released). */
function repaysEverything(value: string, outstanding: string, decimals: number): boolean {
  const paying = amountOf(value, decimals);
  return paying?.eq(Decimal.parse(outstanding)) ?? false;
}

function decimalsFor(balance: TBalance | null, asset: string): number {
  return balance?.decimals ?? displayDecimals(asset);
}

/**
 * What both repayment forms share: the amount typed, checked before anything is sent (a positive
 * amount at the asset's precision, within the available balance and no more than is owed), the
 * focus moved to it when refused, then the confirmation; and the outcome of the request.
 */
function useRepaymentAmount(loan: TLoan, balance: TBalance | null, initial: string) {
  const formId = useId();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<MoneyOutcome | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = balanceAmountProblem(value, {
      decimals: decimalsFor(balance, loan.asset),
      available: balance?.available ?? '0',
      maximum: { value: loan.outstanding, problem: 'aboveMaximum' },
    });
    setProblem(found);
    if (found) {
      requestAnimationFrame(() => document.getElementById(`${formId}-amount`)?.focus());
      return;
    }
    setConfirming(true);
  };
  const change = (next: string) => {
    setValue(next);
    setProblem(null);
  };
  return { formId, value, change, problem, confirming, setConfirming, outcome, setOutcome, submit };
}

function RepayFromBalance({ loan, balance }: { loan: TLoan; balance: TBalance | null }) {
  const { t } = useTranslation();
  const amount = useAssetAmount();
  const problemText = useAmountProblemText();
  const { formId, value, change, problem, confirming, setConfirming, outcome, setOutcome, submit } = useRepaymentAmount(
    loan,
    balance,
    loan.outstanding,
  );
  const repay = useRepayLoan(loan.id);

  const send = () => {
    const paid = value.trim();
    repay.mutate(paid, {
      onSuccess: (after) => {
        setConfirming(false);
        change(after.outstanding);
        setOutcome({
          tone: 'success',
          text:
            after.status === 'repaid'
              ? t('lending.repay.repaidInFull')
              : t('lending.repay.repaid', { amount: amount(paid, loan.asset) }),
        });
      },
      onError: (error) => {
        setConfirming(false);
        setOutcome({ tone: 'error', text: errorMessage(error) });
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${formId}-title`} data-testid="loan-repay">
      <Title order={2} size="h4" id={`${formId}-title`} mb="xs">
        {t('lending.repay.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lending.repay.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            id={`${formId}-amount`}
            label={t('lending.repay.amount', { asset: loan.asset })}
            description={t('lending.repay.amountHint', {
              outstanding: amount(loan.outstanding, loan.asset),
              available: amount(balance?.available ?? '0', loan.asset),
            })}
            value={value}
            onChange={(event) => change(event.currentTarget.value)}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            error={problemText(problem, loan.asset)}
            rightSectionWidth="auto"
            rightSection={
              <Button
                variant="subtle"
                size="compact-xs"
                me={4}
                onClick={() => change(loan.outstanding)}
                data-testid="loan-repay-all"
              >
                {t('lending.repay.everything')}
              </Button>
            }
            data-testid="loan-repay-amount"
          />
          <MoneyOutcomeAlert outcome={outcome} testId="loan-repay" />
          <Group>
            <Button type="submit" loading={repay.isPending} data-testid="loan-repay-submit">
              {t('lending.repay.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmMove
        opened={confirming}
        pending={repay.isPending}
        title={t('lending.repay.confirmTitle')}
        confirmLabel={t('lending.repay.confirm')}
        testId="loan-repay-confirm"
        onClose={() => setConfirming(false)}
        onConfirm={send}
      >
        <Facts
          facts={[
            { key: 'amount', label: t('lending.repay.paying'), value: amount(value.trim(), loan.asset) },
            {
              key: 'outstanding',
              label: t('lending.common.outstanding'),
              value: amount(loan.outstanding, loan.asset),
            },
          ]}
        />
        <Text size="sm">
          {loan.collateral && repaysEverything(value, loan.outstanding, decimalsFor(balance, loan.asset))
            ? t('lending.repay.confirmFullCrypto', { asset: loan.collateral.asset })
            : t('lending.repay.confirmMessage')}
        </Text>
      </ConfirmMove>
    </Card>
  );
}

function RepaymentApplicationForm({ loan, balance }: { loan: TLoan; balance: TBalance | null }) {
  const { t } = useTranslation();
  const amount = useAssetAmount();
  const problemText = useAmountProblemText();
  const { formId, value, change, problem, confirming, setConfirming, outcome, setOutcome, submit } = useRepaymentAmount(
    loan,
    balance,
    '',
  );
  const [note, setNote] = useState('');
  const [proofFileId, setProofFileId] = useState<string | null>(null);
  const apply = useRepaymentApplication(loan.id);

  const send = () => {
    apply.mutate(
      {
        amount: value.trim(),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(proofFileId ? { proofFileId } : {}),
      },
      {
        onSuccess: () => {
          setConfirming(false);
          change('');
          setNote('');
          setProofFileId(null);
          setOutcome({ tone: 'success', text: t('lending.application.sent') });
        },
        onError: (error) => {
          setConfirming(false);
          setOutcome({ tone: 'error', text: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={`${formId}-title`}
      data-testid="loan-repayment-application"
    >
      <Title order={2} size="h4" id={`${formId}-title`} mb="xs">
        {t('lending.application.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lending.application.intro')}
      </Text>
      <LatestApplication loan={loan} />
      <MoneyOutcomeAlert outcome={outcome} testId="loan-application" my="sm" />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" mt="sm">
          <TextInput
            id={`${formId}-amount`}
            label={t('lending.application.amount', { asset: loan.asset })}
            description={t('lending.application.amountHint', {
              available: amount(balance?.available ?? '0', loan.asset),
            })}
            value={value}
            onChange={(event) => change(event.currentTarget.value)}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            error={problemText(problem, loan.asset)}
            data-testid="loan-application-amount"
          />
          <Textarea
            label={t('lending.application.note')}
            description={t('lending.application.noteHint')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={REPAYMENT_NOTE_MAX}
            autosize
            minRows={2}
            data-testid="loan-application-note"
          />
          <ImageUploadField
            label={t('lending.application.proof')}
            value={proofFileId}
            onChange={setProofFileId}
            data-testid="loan-application-proof"
          />
          <Group>
            <Button type="submit" variant="light" loading={apply.isPending} data-testid="loan-application-submit">
              {t('lending.application.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmMove
        opened={confirming}
        pending={apply.isPending}
        title={t('lending.application.confirmTitle')}
        confirmLabel={t('lending.application.confirm')}
        testId="loan-application-confirm"
        onClose={() => setConfirming(false)}
        onConfirm={send}
      >
        <Text size="sm">{t('lending.application.confirmMessage', { amount: amount(value.trim(), loan.asset) })}</Text>
      </ConfirmMove>
    </Card>
  );
}

const APPLICATION_COLOURS = { under_review: 'yellow', approved: 'teal', rejected: 'red' } as const;

/** The latest repayment application: its amount, status and, when rejected, the reviewer's reason. */
export function LatestApplication({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const amount = useAssetAmount();
  const dateTime = useDateTime();
  const application = loan.repaymentApplication;
  if (!application) return null;
  return (
    <Stack gap={6} data-testid="loan-latest-application" data-status={application.status}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('lending.application.latest')}
        </Text>
        <Badge color={APPLICATION_COLOURS[application.status]} variant="light">
          {t(`lending.application.statuses.${application.status}`)}
        </Badge>
      </Group>
      <Facts
        facts={[
          { key: 'amount', label: t('lending.common.amount'), value: amount(application.amount, loan.asset) },
          { key: 'sent', label: t('lending.application.sentAt'), value: dateTime(application.createdAt) },
          application.decidedAt && {
            key: 'decided',
            label: t('lending.application.decidedAt'),
            value: dateTime(application.decidedAt),
          },
          application.note && { key: 'note', label: t('lending.application.note'), value: application.note },
          application.status === 'rejected' && {
            key: 'reason',
            label: t('lending.application.reason'),
            value: application.reason ?? t('lending.application.noReason'),
            testId: 'loan-application-reason',
          },
        ]}
      />
    </Stack>
  );
}
