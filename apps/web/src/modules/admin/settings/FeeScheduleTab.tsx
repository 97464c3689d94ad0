import { Button, Code, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminFeeScheduleItem } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { EditDialog, ReasonInput, useProblemText, useSettingsFormat } from './SettingsParts';
import { useFeeSchedule, useUpdateFeeRate } from './settings.api';
import {
  type FeeFormValues,
  feeChanges,
  feeFormOf,
  feeUpdateBody,
  hasProblems,
  percentToRatio,
  refusedFields,
  validateFeeForm,
} from './settings-form';

type FeeItem = TAdminFeeScheduleItem;

/** The trading fee of each asset class, a ratio of notional shown as a percentage (and as the exact ratio). */
export function FeeScheduleTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = useFeeSchedule();
  const [selected, setSelected] = useState<FeeItem | null>(null);
  const [isEditing, setEditing] = useState(false);

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
          aria-label={t('admin.settings.common.editNamed', { name: format.assetClass(row.assetClass) })}
          data-testid={`edit-fee-${row.assetClass}`}
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
            caption={t('admin.settings.fees.caption')}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.assetClass}
            empty={t('admin.settings.fees.empty')}
          />
          {selected && (
            <FeeDialog key={selected.assetClass} item={selected} opened={isEditing} onClose={() => setEditing(false)} />
          )}
        </>
      )}
    </QueryState>
  );
}

function FeeDialog({ item, opened, onClose }: { item: FeeItem; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const problemText = useProblemText();
  const mutation = useUpdateFeeRate();
  const [values, setValues] = useState<FeeFormValues>(() => feeFormOf(item));
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validateFeeForm(values);
  const changes = feeChanges(values, item);
  const ratio = percentToRatio(values.percent);
  const name = format.assetClass(item.assetClass);

  const save = async () => {
    const body = feeUpdateBody(values);
    if (!body) return;
    try {
      await mutation.mutateAsync({ assetClass: item.assetClass, body });
      notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
      onClose();
    } catch {
      // The refusal is shown beside the form (and toasted); nothing changed.
    }
  };

  return (
    <EditDialog
      opened={opened}
      onClose={onClose}
      title={t('admin.settings.fees.editTitle', { name })}
      subject={name}
      changes={changes.map((change) => ({
        key: change.field,
        label: t('admin.settings.fees.rate'),
        before: typeof change.before === 'string' ? format.percent(change.before) : '',
        after: typeof change.after === 'string' ? format.percent(change.after) : '',
      }))}
      reason={values.reason}
      isValid={!hasProblems(problems)}
      error={mutation.error}
      onSave={save}
    >
      <TextInput
        label={t('admin.settings.fees.rateLabel')}
        description={ratio === null ? t('admin.settings.fees.rateHint') : t('admin.settings.fees.rateRatio', { ratio })}
        value={values.percent}
        onChange={(event) => {
          const percent = event.currentTarget.value;
          if (mutation.isError) mutation.reset();
          setValues((current) => ({ ...current, percent }));
        }}
        inputMode="decimal"
        rightSection="%"
        error={
          problemText(problems.rate) ??
          (refusedFields(mutation.error).includes('rate') ? t('admin.settings.common.refusedField') : undefined)
        }
        required
        data-autofocus
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
