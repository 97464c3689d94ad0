import { Button, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TPaymentAssetSettings } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { EditDialog, ReasonInput, useProblemText, useSettingsFormat } from './SettingsParts';
import { usePaymentSettings, useUpdatePaymentSettings } from './settings.api';
import {
  hasProblems,
  type PaymentField,
  type PaymentFormValues,
  paymentChanges,
  paymentFormOf,
  paymentUpdateBody,
  refusedFields,
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
  const [selected, setSelected] = useState<PaymentItem | null>(null);
  const [isEditing, setEditing] = useState(false);

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
      // Rates are compared as numbers only to order the rows.
      sortValue: (row) => Number(row.withdrawalFeeRate),
      numeric: true,
    },
    {
      key: 'updatedAt',
      header: t('admin.settings.payments.updatedAt'),
      render: (row) => format.dateTime(row.updatedAt),
      sortValue: (row) => row.updatedAt,
    },
    {
      key: 'actions',
      header: t('admin.settings.common.actions'),
      render: (row) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            setSelected(row);
            setEditing(true);
          }}
          aria-label={t('admin.settings.common.editNamed', { name: row.asset })}
          data-testid={`edit-payments-${row.asset}`}
        >
          {t('admin.settings.common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <QueryState query={query}>
      {(data) => (
        <>
          <AdminTable
            caption={t('admin.settings.payments.caption')}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.asset}
            empty={t('admin.settings.payments.empty')}
          />
          {selected && (
            <PaymentDialog key={selected.asset} item={selected} opened={isEditing} onClose={() => setEditing(false)} />
          )}
        </>
      )}
    </QueryState>
  );
}

function PaymentDialog({ item, opened, onClose }: { item: PaymentItem; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const problemText = useProblemText();
  const mutation = useUpdatePaymentSettings();
  const [values, setValues] = useState<PaymentFormValues>(() => paymentFormOf(item));
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validatePaymentForm(values);
  const changes = paymentChanges(values, item);
  const refused = refusedFields(mutation.error);

  // The server's refusal (beside the form, its fields marked) stays until the form is edited again.
  const set = (field: Exclude<keyof PaymentFormValues, 'reason'>, value: string) => {
    if (mutation.isError) mutation.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };
  const fieldError = (field: PaymentField) =>
    problemText(problems[field]) ?? (refused.includes(field) ? t('admin.settings.common.refusedField') : undefined);
  const shown = (field: PaymentField, value: string | boolean | null) => {
    if (value === null) return t('admin.settings.payments.noCap');
    if (typeof value !== 'string') return '';
    return field === 'withdrawalFeeRate' ? format.percent(value) : `${format.quantity(value)} ${item.asset}`;
  };

  const save = async () => {
    try {
      await mutation.mutateAsync({ asset: item.asset, body: paymentUpdateBody(values, item) });
      notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name: item.asset }) });
      onClose();
    } catch {
      // The refusal is shown beside the form (and toasted); nothing changed.
    }
  };

  const amountInput = (field: 'depositMinimum' | 'withdrawalMinimum' | 'withdrawalMaximum', isRequired: boolean) => (
    <TextInput
      label={t(FIELD_LABELS[field])}
      description={field === 'withdrawalMaximum' ? t('admin.settings.payments.maximumHint') : undefined}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      inputMode="decimal"
      rightSection={item.asset}
      rightSectionWidth={64}
      error={fieldError(field)}
      required={isRequired}
      data-autofocus={field === 'depositMinimum' || undefined}
    />
  );

  return (
    <EditDialog
      opened={opened}
      onClose={onClose}
      title={t('admin.settings.payments.editTitle', { name: item.asset })}
      subject={item.asset}
      changes={changes.map((change) => ({
        key: change.field,
        label: t(FIELD_LABELS[change.field]),
        before: shown(change.field, change.before),
        after: shown(change.field, change.after),
      }))}
      reason={values.reason}
      isValid={!hasProblems(problems)}
      error={mutation.error}
      onSave={save}
    >
      {amountInput('depositMinimum', true)}
      {amountInput('withdrawalMinimum', true)}
      {amountInput('withdrawalMaximum', false)}
      <TextInput
        label={t('admin.settings.payments.withdrawalFeeLabel')}
        value={values.withdrawalFeePercent}
        onChange={(event) => set('withdrawalFeePercent', event.currentTarget.value)}
        inputMode="decimal"
        rightSection="%"
        error={fieldError('withdrawalFeeRate')}
        required
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
