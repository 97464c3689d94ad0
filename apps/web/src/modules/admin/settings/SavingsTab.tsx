import { Badge, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TAdminSavingsProduct } from '@openbourse/contracts';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import type { AdminColumn } from '../ui/AdminTable';
import { ProductSettingsTable, ReasonConfirmButton } from './ProductSettingsTable';
import { SettingsFormDialog } from './SettingsEditing';
import { useSettingsFormat } from './SettingsParts';
import {
  EMPTY_SAVINGS_FORM,
  SAVINGS_ASSETS,
  type SavingsField,
  type SavingsFormValues,
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
import { useProductForm } from './use-product-form';

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
  const status = useSetSavingsProductStatus();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const level = (value: number) => (value === 0 ? t('admin.savings.levelNormal') : `VIP${value}`);
  const named = (row: TAdminSavingsProduct) => t('admin.savings.named', { id: row.id });
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
  ];
  return (
    <ProductSettingsTable
      intro={t('admin.savings.intro')}
      newLabel={t('admin.savings.new')}
      newTestId="new-savings-product"
      query={query}
      caption={t('admin.savings.caption')}
      empty={t('admin.savings.empty')}
      columns={columns}
      named={named}
      editTestId={(row) => `edit-savings-${row.id}`}
      actions={(row) => {
        const next = row.status !== 'on_sale';
        return (
          <ReasonConfirmButton
            label={t(next ? 'admin.savings.resume' : 'admin.savings.pause')}
            name={named(row)}
            color={next ? 'green' : 'red'}
            title={t(next ? 'admin.savings.resumeTitle' : 'admin.savings.pauseTitle', { name: named(row) })}
            message={
              next
                ? row.pausedReason === 'treasury'
                  ? t('admin.savings.resumeTreasuryMessage')
                  : t('admin.savings.resumeMessage')
                : t('admin.savings.pauseMessage')
            }
            requiredText={t('admin.savings.errors.required')}
            onConfirm={(reason) =>
              status.mutateAsync({ id: row.id, body: { onSale: next, version: row.version, reason } })
            }
          />
        );
      }}
      dialog={(props) => <SavingsDialog {...props} />}
    />
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
  const name = item === null ? t('admin.savings.newName') : t('admin.savings.named', { id: item.id });
  const form = useProductForm<SavingsFormValues, SavingsField>({
    initial: () => (item === null ? EMPTY_SAVINGS_FORM : savingsFormOf(item)),
    validate: validateSavingsForm,
    textsKey: 'admin.savings',
    mutation: item === null ? create : update,
    send: (values) =>
      item === null
        ? create.mutateAsync(savingsCreateBody(values))
        : update.mutateAsync({ id: item.id, body: savingsUpdateBody(values, item) }),
    fieldOfIssue: (path) => savingsFieldOfIssue(`body.${path}`),
    name,
    onClose,
  });
  const { values, set, fieldError } = form;
  const fieldLabel = (field: Exclude<SavingsField, 'reason'>) =>
    field.startsWith('name.')
      ? t('admin.savings.fields.nameIn', { language: LANGUAGE_NATIVE_NAMES[field.slice(5) as Language] })
      : t(`admin.savings.fields.${field}`);
  const changes = savingsChanges(values, item).map((change) => ({
    key: change.field,
    label: fieldLabel(change.field),
    before: change.before ?? '—',
    after: change.after === '' ? '—' : change.after,
  }));
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
    <SettingsFormDialog
      form={form}
      opened={opened}
      title={item === null ? t('admin.savings.newTitle') : t('admin.settings.common.editNamed', { name })}
      subject={name}
      changes={changes}
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
    </SettingsFormDialog>
  );
}
