import {
  Alert,
  Badge,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TInviteRewardSettings } from '@openbourse/contracts';
import { REFERRAL_STEPS } from '@openbourse/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { QueryState } from '../../../shared/ui/QueryState';
import { ConfirmButton } from '../ui/ConfirmButton';
import {
  budgetMoves,
  hasChanges,
  type InviteRewardsForm,
  inviteRewardsBody,
  inviteRewardsFormOf,
  validateInviteRewards,
} from './invite-rewards-form';
import { ReasonInput, useSettingsFormat } from './SettingsParts';
import { useInviteRewards, usePaymentSettings, useSetInviteRewards } from './settings.api';

const STATUS_COLOR = { none: 'gray', active: 'teal', budget_spent: 'orange' } as const;

/**
 * The invite programme's rewards (#20) at /admin/settings?tab=invites: what each step (Register,
 * Fund, Trade) pays and in which asset, the budget with what was paid and what remains, and the
 * status; an admin changes them from the version read, with a reason, after a confirmation that
 * names the money the change moves (reserved from treasury, or returned to it).
 */
export function InviteRewardsTab() {
  const { t } = useTranslation();
  const query = useInviteRewards();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('admin.invites.intro')}
      </Text>
      <QueryState query={query}>{(settings) => <InviteRewards settings={settings} />}</QueryState>
    </Stack>
  );
}

function InviteRewards({ settings }: { settings: TInviteRewardSettings }) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const set = useSetInviteRewards();
  const payments = usePaymentSettings();
  const [form, setForm] = useState<InviteRewardsForm>(() => inviteRewardsFormOf(settings));
  const [isTried, setTried] = useState(false);
  // A new version read (this operator's save, or another's): the form starts from it again.
  useEffect(() => {
    setForm(inviteRewardsFormOf(settings));
    setTried(false);
  }, [settings]);
  const problems = validateInviteRewards(form, settings);
  const isValid = Object.keys(problems).length === 0;
  const problem = (key: keyof typeof problems) =>
    isTried && problems[key] ? t(`admin.invites.problems.${problems[key]}`, { paid: settings.paid }) : undefined;
  const assets = [...new Set([settings.asset, ...(payments.data?.items ?? []).map((item) => item.asset)])];
  const moves = budgetMoves(form, settings);
  const amountOf = (step: (typeof REFERRAL_STEPS)[number]) =>
    settings.rewards.find((reward) => reward.step === step)?.amount ?? '0';

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" data-testid="invite-rewards-now">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h4">
            {t('admin.invites.now')}
          </Title>
          <Badge color={STATUS_COLOR[settings.status]} variant="light" data-testid="invite-rewards-status">
            {t(`admin.invites.status.${settings.status}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" style={{ margin: 0 }}>
          {[
            ...REFERRAL_STEPS.map((step) => ({
              key: step,
              label: t(`admin.invites.steps.${step}`),
              value: `${format.quantity(amountOf(step))} ${settings.asset}`,
            })),
            {
              key: 'budget',
              label: t('admin.invites.budget'),
              value: `${format.quantity(settings.budget)} ${settings.asset}`,
            },
            {
              key: 'paid',
              label: t('admin.invites.paid'),
              value: `${format.quantity(settings.paid)} ${settings.asset}`,
            },
            {
              key: 'remaining',
              label: t('admin.invites.remaining'),
              value: `${format.quantity(settings.remaining)} ${settings.asset}`,
            },
            { key: 'version', label: t('admin.invites.version'), value: String(settings.version) },
            {
              key: 'updated',
              label: t('admin.invites.updated'),
              value: settings.updatedAt ? format.dateTime(settings.updatedAt) : t('admin.invites.never'),
            },
          ].map((fact) => (
            <div key={fact.key} data-testid={`invite-rewards-${fact.key}`}>
              <Text component="dt" size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {settings.status === 'budget_spent' && (
          <Alert color="orange" mt="sm" role="status">
            {t('admin.invites.spentNote')}
          </Alert>
        )}
      </Card>

      <Card
        withBorder
        padding="md"
        component="form"
        onSubmit={(event) => event.preventDefault()}
        aria-labelledby="invite-rewards-edit"
      >
        <Title order={3} size="h4" mb="sm" id="invite-rewards-edit">
          {t('admin.invites.edit')}
        </Title>
        <Stack gap="sm">
          <NativeSelect
            label={t('admin.invites.asset')}
            description={t('admin.invites.assetHint')}
            data={assets}
            value={form.asset}
            onChange={(event) => setForm({ ...form, asset: event.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {REFERRAL_STEPS.map((step) => (
              <TextInput
                key={step}
                label={t('admin.invites.stepAmount', { step: t(`admin.invites.steps.${step}`) })}
                inputMode="decimal"
                value={form.amounts[step]}
                onChange={(event) =>
                  setForm({ ...form, amounts: { ...form.amounts, [step]: event.currentTarget.value } })
                }
                error={problem(step)}
                rightSection={<Text size="xs">{form.asset}</Text>}
                rightSectionWidth={56}
                data-testid={`invite-amount-${step}`}
              />
            ))}
          </SimpleGrid>
          <TextInput
            label={t('admin.invites.budget')}
            description={t('admin.invites.budgetHint')}
            inputMode="decimal"
            value={form.budget}
            onChange={(event) => setForm({ ...form, budget: event.currentTarget.value })}
            error={problem('budget')}
            rightSection={<Text size="xs">{form.asset}</Text>}
            rightSectionWidth={56}
            data-testid="invite-budget"
          />
          <ReasonInput
            value={form.reason}
            onChange={(reason) => setForm({ ...form, reason })}
            error={problem('reason')}
          />
          {set.error ? (
            <Alert color="red" role="alert" title={t('admin.invites.refused')}>
              {errorMessage(set.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <ConfirmButton
              disabled={!hasChanges(form, settings)}
              canOpen={() => {
                setTried(true);
                return isValid;
              }}
              title={t('admin.invites.confirmTitle')}
              confirmLabel={t('admin.invites.confirm')}
              onConfirm={() => set.mutateAsync(inviteRewardsBody(form, settings))}
              message={
                <Stack gap="xs">
                  <List size="sm" spacing={4}>
                    {REFERRAL_STEPS.map((step) => (
                      <List.Item key={step}>
                        {t('admin.invites.confirmStep', {
                          step: t(`admin.invites.steps.${step}`),
                          amount: `${form.amounts[step].trim()} ${form.asset}`,
                        })}
                      </List.Item>
                    ))}
                    <List.Item>
                      {t('admin.invites.confirmBudget', { amount: `${form.budget.trim()} ${form.asset}` })}
                    </List.Item>
                  </List>
                  {moves.length === 0 ? (
                    <Text size="sm">{t('admin.invites.moveNone')}</Text>
                  ) : (
                    moves.map((move) => (
                      <Text
                        size="sm"
                        fw={600}
                        key={`${move.kind}-${move.asset}`}
                        data-testid={`invite-move-${move.kind}`}
                      >
                        {t(`admin.invites.move.${move.kind}`, { amount: `${move.amount} ${move.asset}` })}
                      </Text>
                    ))
                  )}
                  <Text size="sm">{t('admin.invites.confirmReason', { reason: form.reason.trim() })}</Text>
                </Stack>
              }
              data-testid="invite-rewards-save"
            >
              {t('admin.invites.save')}
            </ConfirmButton>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
