import { Code, TextInput } from '@mantine/core';
import type { TAdminFeeScheduleItem } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import type { AdminColumn } from '../ui/AdminTable';
import { changeLines, EditableTable, type EditDialogOf, SettingsFormDialog, useSettingsForm } from './SettingsEditing';
import { useSettingsFormat } from './SettingsParts';
import { useFeeSchedule, useUpdateFeeRate } from './settings.api';
import {
  type FeeFormValues,
  feeChanges,
  feeFormOf,
  feeUpdateBody,
  percentToRatio,
  validateFeeForm,
} from './settings-form';

type FeeItem = TAdminFeeScheduleItem;

/** The trading fee of each asset class, a ratio of notional shown as a percentage (and as the exact ratio). */
export function FeeScheduleTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = useFeeSchedule();

  const columns: AdminColumn<FeeItem>[] = [
    {
      key: 'class',
      header: t('admin.settings.fees.class'),
      render: (row) => format.assetClass(row.assetClass),
      sortValue: (row) => format.assetClass(row.assetClass),
    },
    {
      key: 'rate',
      header: t('admin.settings.fees.rate'),
      render: (row) => format.percent(row.rate),
      // Rates are compared as numbers only to order the rows.
      sortValue: (row) => Number(row.rate),
      numeric: true,
    },
    {
      key: 'exact',
      header: t('admin.settings.fees.exact'),
      render: (row) => <Code>{row.rate}</Code>,
      numeric: true,
    },
    {
      key: 'classCap',
      header: t('admin.settings.fees.classCap'),
      render: (row) => row.classLeverageCap,
      sortValue: (row) => row.classLeverageCap,
      numeric: true,
    },
  ];

  return (
    <QueryState query={query}>
      {(data) => (
        <EditableTable
          caption={t('admin.settings.fees.caption')}
          columns={columns}
          rows={data.items}
          rowKey={(row) => row.assetClass}
          empty={t('admin.settings.fees.empty')}
          editName={(row) => format.assetClass(row.assetClass)}
          editTestId={(row) => `edit-fee-${row.assetClass}`}
          dialog={(props) => <FeeDialog {...props} />}
        />
      )}
    </QueryState>
  );
}

function FeeDialog({ item, opened, onClose }: EditDialogOf<FeeItem>) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const name = format.assetClass(item.assetClass);
  const form = useSettingsForm({
    initial: () => feeFormOf(item),
    validate: validateFeeForm,
    mutation: useUpdateFeeRate(),
    request: (values: FeeFormValues) => {
      const body = feeUpdateBody(values);
      return body === null ? null : { assetClass: item.assetClass, body };
    },
    name,
    onClose,
  });
  const ratio = percentToRatio(form.values.percent);

  return (
    <SettingsFormDialog
      form={form}
      opened={opened}
      title={t('admin.settings.fees.editTitle', { name })}
      subject={name}
      changes={changeLines(
        feeChanges(form.values, item),
        () => t('admin.settings.fees.rate'),
        (_field, value) => (typeof value === 'string' ? format.percent(value) : ''),
      )}
    >
      <TextInput
        label={t('admin.settings.fees.rateLabel')}
        description={ratio === null ? t('admin.settings.fees.rateHint') : t('admin.settings.fees.rateRatio', { ratio })}
        value={form.values.percent}
        onChange={(event) => form.set('percent', event.currentTarget.value)}
        inputMode="decimal"
        rightSection="%"
        error={form.fieldError('rate')}
        required
        data-autofocus
      />
    </SettingsFormDialog>
  );
}
