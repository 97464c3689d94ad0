import { Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminSavingsProduct } from '@openbourse/contracts';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { EditDialog, ReasonInput, useSettingsFormat } from './SettingsParts';
import {
  EMPTY_SAVINGS_FORM,
  SAVINGS_ASSETS,
  type SavingsField,
  type SavingsFormValues,
  type SavingsProblem,
  savingsChanges,
  savingsCreateBody,
  savingsFieldOfIssue,
  savingsFormOf,
  savingsUpdateBody,
  validateSavingsForm,
} from './savings-products-form';
import {
  useAdminSavingsProducts,
  useCreateSavingsProduct,
  useSetSavingsProductStatus,
  useUpdateSavingsProduct,
} from './settings.api';
import { refusedFields } from './settings-form';

/** What a VIP level is called here: 0 Normal, 1–4 VIP1–VIP4. */
const LEVELS = [0, 1, 2, 3, 4] as const;

/**
 * Savings products (#18) at /admin/settings?tab=savings: every product with its names, limits,
 * period, rate, capacity (and the principal earning in it), minimum VIP level, early-redemption
 * penalty and state; an admin adds one (created paused), edits one from the version read, and puts
 * it on sale or pauses it — also resuming one the treasury paused — each with a confirmation and a
 * reason kept in the audit log. Orders taken keep the terms they were subscribed with.
 */
export function SavingsTab() {
  const { t, i18n } = useTranslation();
  const format = useSettingsFormat();
  const query = useAdminSavingsProducts();
  const [dialog, setDialog] = useState<{ item: TAdminSavingsProduct | null; key: number } | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = (item: TAdminSavingsProduct | null) => {
    setDialog({ item, key: Date.now() });
    setOpen(true);
  };
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const level = (value: number) => (value === 0 ? t('admin.savings.levelNormal') : `VIP${value}`);
  const columns: AdminColumn<TAdminSavingsProduct>[] = [
    { key: 'id', header: t('admin.savings.id'), render: (row) => row.id },
    { key: 'name', header: t('admin.savings.name'), render: (row) => row.names[language] },
    { key: 'asset', header: t('admin.savings.asset'), render: (row) => row.asset },
    {
      key: 'limits',
      header: t('admin.savings.limits'),
      render: (row) => `${format.quantity(row.minAmount)}–${format.quantity(row.maxAmount)}`,
    },
    { key: 'period', header: t('admin.savings.periodDays'), render: (row) => row.periodDays, numeric: true },
    {
      key: 'rate',
      header: t('admin.savings.dailyRate'),
      render: (row) => format.percent(row.dailyRate),
      numeric: true,
    },
    {
      key: 'capacity',
      header: t('admin.savings.capacity'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {format.quantity(row.capacity)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('admin.savings.earning', { amount: format.quantity(row.principalEarning) })}
          </Text>
        </Stack>
      ),
    },
    { key: 'level', header: t('admin.savings.minLevel'), render: (row) => level(row.minLevel) },
    {
      key: 'penalty',
      header: t('admin.savings.penaltyRate'),
      render: (row) => format.percent(row.penaltyRate),
      numeric: true,
    },
    {
      key: 'state',
      header: t('admin.savings.state'),
      render: (row) => (
        <Badge
          color={row.status === 'on_sale' ? 'green' : row.pausedReason === 'treasury' ? 'orange' : 'gray'}
          variant="light"
          miw="max-content"
          data-testid={`savings-state-${row.id}`}
        >
          {row.status === 'on_sale'
            ? t('admin.savings.onSale')
            : t(`admin.savings.paused.${row.pausedReason ?? 'operator'}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('admin.settings.common.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => open(row)}
            aria-label={t('admin.settings.common.editNamed', { name: t('admin.savings.named', { id: row.id }) })}
            data-testid={`edit-savings-${row.id}`}
          >
            {t('admin.settings.common.edit')}
          </Button>
          <StatusButton item={row} />
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('admin.savings.intro')}
      </Text>
      <Group>
        <Button onClick={() => open(null)} data-testid="new-savings-product">
          {t('admin.savings.new')}
        </Button>
      </Group>
      <QueryState query={query}>
        {(data) => (
          <AdminTable
            caption={t('admin.savings.caption')}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            empty={t('admin.savings.empty')}
          />
        )}
      </QueryState>
      {dialog !== null && (
        <SavingsDialog key={dialog.key} item={dialog.item} opened={isOpen} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
}

function StatusButton({ item }: { item: TAdminSavingsProduct }) {
  const { t } = useTranslation();
  const mutation = useSetSavingsProductStatus();
  const [reason, setReason] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  const next = item.status !== 'on_sale';
  const name = t('admin.savings.named', { id: item.id });
  const label = t(next ? 'admin.savings.resume' : 'admin.savings.pause');
  return (
    <ConfirmButton
      size="compact-sm"
      variant="light"
      color={next ? 'green' : 'red'}
      title={t(next ? 'admin.savings.resumeTitle' : 'admin.savings.pauseTitle', { name })}
      confirmLabel={label}
      aria-label={`${label}: ${name}`}
      message={
        <>
          <Text size="sm">
            {next
              ? item.pausedReason === 'treasury'
                ? t('admin.savings.resumeTreasuryMessage')
                : t('admin.savings.resumeMessage')
              : t('admin.savings.pauseMessage')}
          </Text>
          <Textarea
            mt="sm"
            label={t('admin.settings.common.reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={isProblemShown && reason.trim() === '' ? t('admin.savings.errors.required') : null}
            data-autofocus
          />
        </>
      }
      onConfirm={async () => {
        if (reason.trim() === '') {
          setProblemShown(true);
          throw new Error('reason required');
        }
        await mutation.mutateAsync({
          id: item.id,
          body: { onSale: next, version: item.version, reason: reason.trim() },
        });
        notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
        setReason('');
        setProblemShown(false);
      }}
    >
      {label}
    </ConfirmButton>
  );
}

function SavingsDialog({
  item,
  opened,
  onClose,
}: {
  item: TAdminSavingsProduct | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSavingsProduct();
  const update = useUpdateSavingsProduct();
  const mutation = item === null ? create : update;
  const [values, setValues] = useState<SavingsFormValues>(() =>
    item === null ? EMPTY_SAVINGS_FORM : savingsFormOf(item),
  );
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validateSavingsForm(values);
  const refused = refusedFields(mutation.error)
    .map((path) => savingsFieldOfIssue(`body.${path}`))
    .filter((field): field is SavingsField => field !== null);
  const problemText = (problem: SavingsProblem | undefined) =>
    problem ? t(`admin.savings.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const fieldError = (field: SavingsField) =>
    problemText(problems[field]) ?? (refused.includes(field) ? t('admin.settings.common.refusedField') : undefined);
  const set = <K extends keyof SavingsFormValues>(field: K, value: SavingsFormValues[K]) => {
    if (mutation.isError) mutation.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };
  const fieldLabel = (field: Exclude<SavingsField, 'reason'>) =>
    field.startsWith('name.')
      ? t('admin.savings.fields.nameIn', { language: LANGUAGE_NATIVE_NAMES[field.slice(5) as Language] })
      : t(`admin.savings.fields.${field}`);
  const name = item === null ? t('admin.savings.newName') : t('admin.savings.named', { id: item.id });
  const changes = savingsChanges(values, item).map((change) => ({
    key: change.field,
    label: fieldLabel(change.field),
    before: change.before ?? '—',
    after: change.after === '' ? '—' : change.after,
  }));
  const save = async () => {
    try {
      if (item === null) await create.mutateAsync(savingsCreateBody(values));
      else await update.mutateAsync({ id: item.id, body: savingsUpdateBody(values, item) });
      notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
      onClose();
    } catch {
      // The refusal is shown beside the form (and toasted); nothing changed.
    }
  };
  const text = (field: 'minAmount' | 'maxAmount' | 'capacity' | 'periodDays', suffix?: string) => (
    <TextInput
      label={t(`admin.savings.fields.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      inputMode={field === 'periodDays' ? 'numeric' : 'decimal'}
      rightSection={suffix}
      rightSectionWidth={suffix ? 64 : undefined}
      error={fieldError(field)}
      required
    />
  );
  return (
    <EditDialog
      opened={opened}
      onClose={onClose}
      title={item === null ? t('admin.savings.newTitle') : t('admin.settings.common.editNamed', { name })}
      subject={name}
      changes={changes}
      reason={values.reason}
      isValid={Object.keys(problems).length === 0}
      error={mutation.error}
      onSave={save}
    >
      <Text size="sm" fw={600}>
        {t('admin.savings.namesTitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {LANGUAGES.map((language, index) => (
          <TextInput
            key={language}
            label={fieldLabel(`name.${language}`)}
            lang={language}
            dir={language === 'ar' ? 'rtl' : undefined}
            value={values.names[language]}
            onChange={(event) => set('names', { ...values.names, [language]: event.currentTarget.value })}
            error={fieldError(`name.${language}`)}
            required
            data-autofocus={index === 0 ? true : undefined}
          />
        ))}
      </SimpleGrid>
      {item === null ? (
        <NativeSelect
          label={t('admin.savings.asset')}
          data={[...SAVINGS_ASSETS]}
          value={values.asset}
          onChange={(event) => set('asset', event.currentTarget.value)}
        />
      ) : (
        <Text size="sm">{t('admin.savings.assetFixed', { asset: item.asset })}</Text>
      )}
      <Group grow align="flex-start">
        {text('minAmount', values.asset)}
        {text('maxAmount', values.asset)}
      </Group>
      <Group grow align="flex-start">
        {text('capacity', values.asset)}
        {text('periodDays')}
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t('admin.savings.fields.dailyRate')}
          value={values.dailyRatePercent}
          onChange={(event) => set('dailyRatePercent', event.currentTarget.value)}
          inputMode="decimal"
          rightSection="%"
          error={fieldError('dailyRate')}
          required
        />
        <TextInput
          label={t('admin.savings.fields.penaltyRate')}
          value={values.penaltyRatePercent}
          onChange={(event) => set('penaltyRatePercent', event.currentTarget.value)}
          inputMode="decimal"
          rightSection="%"
          error={fieldError('penaltyRate')}
          required
        />
      </Group>
      <NativeSelect
        label={t('admin.savings.fields.minLevel')}
        data={LEVELS.map((value) => ({
          value: String(value),
          label: value === 0 ? t('admin.savings.levelNormal') : `VIP${value}`,
        }))}
        value={String(values.minLevel)}
        onChange={(event) => set('minLevel', Number(event.currentTarget.value))}
      />
      <ReasonInput
        value={values.reason}
        onChange={(reason) => {
          setValues((current) => ({ ...current, reason }));
          setReasonTouched(true);
        }}
        error={isReasonTouched ? problemText(problems.reason) : undefined}
      />
    </EditDialog>
  );
}
