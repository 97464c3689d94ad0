import { TextInput } from '@mantine/core';
import type { TPaymentAssetSettings } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import type { AdminColumn } from '../ui/AdminTable';
import { changeLines, EditableTable, type EditDialogOf, SettingsFormDialog, useSettingsForm } from './SettingsEditing';
import { useSettingsFormat } from './SettingsParts';
import { usePaymentSettings, useUpdatePaymentSettings } from './settings.api';
import {
  type PaymentField,
  type PaymentFormValues,
  paymentChanges,
  paymentFormOf,
  paymentUpdateBody,
  validatePaymentForm,
} from './settings-form';

type PaymentItem = TPaymentAssetSettings;

const FIELD_LABELS: Record<PaymentField, string> = {
  depositMinimum: 'admin.settings.payments.depositMinimum',
  withdrawalMinimum: 'admin.settings.payments.withdrawalMinimum',
  withdrawalMaximum: 'admin.settings.payments.withdrawalMaximum',
  withdrawalFeeRate: 'admin.settings.payments.withdrawalFee',
};

/** Deposit minimum and withdrawal limits and fee of each asset, stored now for the payments issue. */
export function PaymentsTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = usePaymentSettings();

  const columns: AdminColumn<PaymentItem>[] = [
    {
      key: 'asset',
      header: t('admin.settings.payments.asset'),
      render: (row) => row.asset,
      sortValue: (row) => row.asset,
    },
    {
      key: 'depositMinimum',
      header: t(FIELD_LABELS.depositMinimum),
      render: (row) => format.quantity(row.depositMinimum),
      numeric: true,
    },
    {
      key: 'withdrawalMinimum',
      header: t(FIELD_LABELS.withdrawalMinimum),
      render: (row) => format.quantity(row.withdrawalMinimum),
      numeric: true,
    },
    {
      key: 'withdrawalMaximum',
      header: t(FIELD_LABELS.withdrawalMaximum),
      render: (row) =>
        row.withdrawalMaximum === null ? t('admin.settings.payments.noCap') : format.quantity(row.withdrawalMaximum),
      numeric: true,
    },
    {
      key: 'withdrawalFee',
      header: t(FIELD_LABELS.withdrawalFeeRate),
      render: (row) => format.percent(row.withdrawalFeeRate),
      numeric: true,
    },
    {
      key: 'updatedAt',
      header: t('admin.settings.payments.updatedAt'),
      render: (row) => format.dateTime(row.updatedAt),
      sortValue: (row) => row.updatedAt,
    },
  ];

  return (
    <QueryState query={query}>
      {(data) => (
        <EditableTable
          caption={t('admin.settings.payments.caption')}
          columns={columns}
          rows={data.items}
          rowKey={(row) => row.asset}
          empty={t('admin.settings.payments.empty')}
          editName={(row) => row.asset}
          editTestId={(row) => `edit-payments-${row.asset}`}
          dialog={(props) => <PaymentDialog {...props} />}
        />
      )}
    </QueryState>
  );
}

function PaymentDialog({ item, opened, onClose }: EditDialogOf<PaymentItem>) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const form = useSettingsForm({
    initial: () => paymentFormOf(item),
    validate: validatePaymentForm,
    mutation: useUpdatePaymentSettings(),
    request: (values: PaymentFormValues) => ({ asset: item.asset, body: paymentUpdateBody(values, item) }),
    name: item.asset,
    onClose,
  });
  const shown = (field: PaymentField, value: string | boolean | null) => {
    if (value === null) return t('admin.settings.payments.noCap');
    if (typeof value !== 'string') return '';
    return field === 'withdrawalFeeRate' ? format.percent(value) : `${format.quantity(value)} ${item.asset}`;
  };

  const amountInput = (field: 'depositMinimum' | 'withdrawalMinimum' | 'withdrawalMaximum', isRequired: boolean) => (
    <TextInput
      label={t(FIELD_LABELS[field])}
      description={field === 'withdrawalMaximum' ? t('admin.settings.payments.maximumHint') : undefined}
      value={form.values[field]}
      onChange={(event) => form.set(field, event.currentTarget.value)}
      inputMode="decimal"
      rightSection={item.asset}
      rightSectionWidth={64}
      error={form.fieldError(field)}
      required={isRequired}
      data-autofocus={field === 'depositMinimum' || undefined}
    />
  );

  return (
    <SettingsFormDialog
      form={form}
      opened={opened}
      title={t('admin.settings.payments.editTitle', { name: item.asset })}
      subject={item.asset}
      changes={changeLines(paymentChanges(form.values, item), (field) => t(FIELD_LABELS[field]), shown)}
    >
      {amountInput('depositMinimum', true)}
      {amountInput('withdrawalMinimum', true)}
      {amountInput('withdrawalMaximum', false)}
      <TextInput
        label={t('admin.settings.payments.withdrawalFeeLabel')}
        value={form.values.withdrawalFeePercent}
        onChange={(event) => form.set('withdrawalFeePercent', event.currentTarget.value)}
        inputMode="decimal"
        rightSection="%"
        error={form.fieldError('withdrawalFeeRate')}
        required
      />
    </SettingsFormDialog>
  );
}
