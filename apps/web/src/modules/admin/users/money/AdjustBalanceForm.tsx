import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../ui/ConfirmButton';
import {
  type AdjustmentForm,
  adjustableAssets,
  adjustmentOutcome,
  adjustmentProblems,
  directionOf,
  normaliseAmount,
  REASON_MAX,
} from './money-form';
import { Amount } from './money-parts';
import { useAdjustBalance } from './user-money.api';

type Props = {
  userId: string;
  userName: string;
  balances: ReadonlyArray<{ asset: string }>;
};

const EMPTY: AdjustmentForm = { book: 'live', asset: 'USDT', amount: '', reason: '' };

/**
 * An operator's balance adjustment (admins only): book, asset, a signed amount and a written
 * reason, confirmed in a dialog that names all of them. Small ones move at once; above the
 * review threshold the server queues them for a second operator, and the panel says so.
 */
export function AdjustBalanceForm({ userId, userName, balances }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const [opened, setOpened] = useState(false);
  const [form, setForm] = useState<AdjustmentForm>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof AdjustmentForm, boolean>>>({});
  // One key per filling of the form: a retried submission moves money once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [queued, setQueued] = useState(false);
  const adjust = useAdjustBalance(userId);

  const problems = adjustmentProblems(form);
  const amount = normaliseAmount(form.amount);
  const canSubmit = Object.keys(problems).length === 0 && amount !== null;
  const errorOf = (field: 'asset' | 'amount' | 'reason') => {
    const problem = problems[field];
    return problem && touched[field] ? t(`admin.user-money.adjust.errors.${problem}`) : undefined;
  };
  const set = (field: keyof AdjustmentForm, value: string) => setForm((current) => ({ ...current, [field]: value }));
  const touch = (field: keyof AdjustmentForm) => setTouched((current) => ({ ...current, [field]: true }));
  const startOver = () => {
    setForm(EMPTY);
    setTouched({});
    setIdempotencyKey(crypto.randomUUID());
  };

  const submit = async () => {
    if (!canSubmit) return;
    const answer = await adjust.mutateAsync({
      book: form.book,
      asset: form.asset,
      amount,
      reason: form.reason.trim(),
      idempotencyKey,
    });
    const outcome = adjustmentOutcome(answer);
    notifications.show({
      color: outcome === 'moved' ? 'teal' : 'yellow',
      message: t(outcome === 'moved' ? 'admin.user-money.adjust.done' : 'admin.user-money.adjust.queued'),
    });
    setQueued(outcome === 'queued');
    startOver();
    if (outcome === 'moved') setOpened(false);
  };

  const bookName = t(`admin.user-money.books.${form.book}`);
  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="light"
          onClick={() => {
            setOpened((current) => !current);
            setQueued(false);
          }}
          aria-expanded={opened}
          aria-controls={formId}
        >
          {t('admin.user-money.adjust.open')}
        </Button>
      </Group>
      {queued && (
        <Alert color="yellow" role="status" title={t('admin.user-money.adjust.queuedTitle')}>
          {t('admin.user-money.adjust.queued')}
        </Alert>
      )}
      {opened && (
        <Paper withBorder p="md" id={formId} component="section" aria-labelledby={`${formId}-title`}>
          <Stack gap="sm">
            <Title order={3} size="h5" id={`${formId}-title`}>
              {t('admin.user-money.adjust.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('admin.user-money.adjust.hint')}
            </Text>
            <Group grow align="flex-start" wrap="wrap">
              <NativeSelect
                label={t('admin.user-money.adjust.book')}
                value={form.book}
                onChange={(event) => set('book', event.currentTarget.value === 'demo' ? 'demo' : 'live')}
                data={[
                  { value: 'live', label: t('admin.user-money.books.live') },
                  { value: 'demo', label: t('admin.user-money.books.demo') },
                ]}
              />
              <NativeSelect
                label={t('admin.user-money.adjust.asset')}
                value={form.asset}
                onChange={(event) => set('asset', event.currentTarget.value)}
                onBlur={() => touch('asset')}
                error={errorOf('asset')}
                data={adjustableAssets(balances)}
              />
              <TextInput
                label={t('admin.user-money.adjust.amount')}
                description={t('admin.user-money.adjust.amountHint')}
                value={form.amount}
                onChange={(event) => set('amount', event.currentTarget.value)}
                onBlur={() => touch('amount')}
                error={errorOf('amount')}
                inputMode="decimal"
                autoComplete="off"
                required
              />
            </Group>
            <Textarea
              label={t('admin.user-money.adjust.reason')}
              description={t('admin.user-money.adjust.reasonHint')}
              value={form.reason}
              onChange={(event) => set('reason', event.currentTarget.value)}
              onBlur={() => touch('reason')}
              error={errorOf('reason')}
              maxLength={REASON_MAX}
              autosize
              minRows={2}
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={startOver}>
                {t('admin.user-money.adjust.clear')}
              </Button>
              <ConfirmButton
                disabled={!canSubmit}
                title={t('admin.user-money.adjust.confirmTitle')}
                confirmLabel={t('admin.user-money.adjust.confirm')}
                onConfirm={submit}
                message={
                  amount !== null && (
                    <Stack gap={4}>
                      <Text size="sm">
                        {t(
                          directionOf(amount) === 'credit'
                            ? 'admin.user-money.adjust.creditExplained'
                            : 'admin.user-money.adjust.debitExplained',
                        )}
                      </Text>
                      <Text size="sm">{t('admin.user-money.adjust.confirmUser', { user: userName, id: userId })}</Text>
                      <Text size="sm">{t('admin.user-money.adjust.confirmBook', { book: bookName })}</Text>
                      <Text size="sm">{t('admin.user-money.adjust.confirmAsset', { asset: form.asset })}</Text>
                      <Text size="sm">
                        {t('admin.user-money.adjust.confirmAmount')} <Amount value={amount} signed /> {form.asset}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {t('admin.user-money.adjust.confirmReason', { reason: form.reason.trim() })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('admin.user-money.adjust.reviewNote')}
                      </Text>
                    </Stack>
                  )
                }
              >
                {t('admin.user-money.adjust.submit')}
              </ConfirmButton>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
