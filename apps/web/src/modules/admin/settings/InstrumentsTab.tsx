import { Badge, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { TAdminInstrumentSettings } from '@openbourse/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import type { AdminColumn } from '../ui/AdminTable';
import { changeLines, EditableTable, type EditDialogOf, SettingsFormDialog, useSettingsForm } from './SettingsEditing';
import { useSettingsFormat } from './SettingsParts';
import { useAdminInstruments, useUpdateInstrument } from './settings.api';
import {
  type InstrumentField,
  type InstrumentFormValues,
  instrumentChanges,
  instrumentFormOf,
  instrumentUpdateBody,
  validateInstrumentForm,
} from './settings-form';

type Instrument = TAdminInstrumentSettings;

/** The catalogue's instruments: filter by class or by code and name (the list is small, so here), sort, edit one. */
export function InstrumentsTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = useAdminInstruments();
  const [assetClass, setAssetClass] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const items = query.data?.items;
  const classes = useMemo(() => [...new Set((items ?? []).map((item) => item.assetClass))], [items]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (items ?? []).filter(
      (item) =>
        (assetClass === null || item.assetClass === assetClass) &&
        (needle === '' || item.code.toLowerCase().includes(needle) || item.name.toLowerCase().includes(needle)),
    );
  }, [items, assetClass, search]);

  const columns: AdminColumn<Instrument>[] = [
    {
      key: 'code',
      header: t('admin.settings.instruments.code'),
      render: (row) => row.code,
      sortValue: (row) => row.code,
    },
    {
      key: 'name',
      header: t('admin.settings.instruments.name'),
      render: (row) => row.name,
      sortValue: (row) => row.name,
    },
    {
      key: 'class',
      header: t('admin.settings.instruments.class'),
      render: (row) => format.assetClass(row.assetClass),
      sortValue: (row) => format.assetClass(row.assetClass),
    },
    {
      key: 'status',
      header: t('admin.settings.instruments.status'),
      // The word says it; the colour only repeats it.
      render: (row) => (
        <Badge color={row.enabled ? 'teal.9' : 'gray.7'} variant="filled">
          {row.enabled ? t('admin.settings.instruments.enabled') : t('admin.settings.instruments.disabled')}
        </Badge>
      ),
      sortValue: (row) => (row.enabled ? 0 : 1),
    },
    {
      key: 'leverage',
      header: t('admin.settings.instruments.leverage'),
      render: (row) => `${row.leverageCap} / ${row.classLeverageCap}`,
      sortValue: (row) => row.leverageCap,
      numeric: true,
    },
    {
      key: 'minLots',
      header: t('admin.settings.instruments.minLots'),
      render: (row) => format.quantity(row.minLots),
      // Lot sizes are compared as numbers only to order the rows; nothing is computed with them.
      sortValue: (row) => Number(row.minLots),
      numeric: true,
    },
    {
      key: 'maxLots',
      header: t('admin.settings.instruments.maxLots'),
      render: (row) => format.quantity(row.maxLots),
      sortValue: (row) => Number(row.maxLots),
      numeric: true,
    },
  ];

  return (
    <QueryState query={query}>
      {(data) => (
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('admin.settings.instruments.filterClass')}
              placeholder={t('admin.settings.instruments.allClasses')}
              data={classes.map((value) => ({ value, label: format.assetClass(value) }))}
              value={assetClass}
              onChange={setAssetClass}
              clearable
              clearButtonProps={{ 'aria-label': t('admin.settings.instruments.allClasses') }}
              w={220}
            />
            <TextInput
              label={t('admin.settings.instruments.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              type="search"
              w={260}
            />
          </Group>
          <EditableTable
            caption={t('admin.settings.instruments.caption')}
            columns={columns}
            rows={shown}
            rowKey={(row) => row.code}
            empty={
              data.items.length === 0 ? t('admin.settings.instruments.empty') : t('admin.settings.instruments.noMatch')
            }
            editName={(row) => row.code}
            editTestId={(row) => `edit-instrument-${row.code}`}
            dialog={(props) => <InstrumentDialog {...props} />}
          />
        </Stack>
      )}
    </QueryState>
  );
}

const FIELD_LABELS: Record<InstrumentField, string> = {
  enabled: 'admin.settings.instruments.enabledLabel',
  leverageCap: 'admin.settings.instruments.leverageCap',
  minLots: 'admin.settings.instruments.minLotsLabel',
  maxLots: 'admin.settings.instruments.maxLotsLabel',
};

function InstrumentDialog({ item, opened, onClose }: EditDialogOf<Instrument>) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const form = useSettingsForm({
    initial: () => instrumentFormOf(item),
    validate: (values: InstrumentFormValues) => validateInstrumentForm(values, item),
    mutation: useUpdateInstrument(),
    request: (values: InstrumentFormValues) => ({ code: item.code, body: instrumentUpdateBody(values, item) }),
    name: item.code,
    onClose,
  });
  const { values, set, fieldError } = form;

  const shown = (field: InstrumentField, value: string | boolean | null) => {
    if (typeof value === 'boolean') {
      return value ? t('admin.settings.instruments.enabled') : t('admin.settings.instruments.disabled');
    }
    if (value === null) return '';
    return field === 'leverageCap' ? value : format.quantity(value);
  };

  return (
    <SettingsFormDialog
      form={form}
      opened={opened}
      title={t('admin.settings.common.editNamed', { name: `${item.code} · ${item.name}` })}
      subject={item.code}
      changes={changeLines(instrumentChanges(values, item), (field) => t(FIELD_LABELS[field]), shown)}
    >
      <Switch
        label={t('admin.settings.instruments.enabledLabel')}
        description={t('admin.settings.instruments.enabledHint')}
        checked={values.enabled}
        onChange={(event) => set('enabled', event.currentTarget.checked)}
        data-autofocus
      />
      <NumberInput
        label={t('admin.settings.instruments.leverageCap')}
        description={t('admin.settings.instruments.leverageHint', {
          max: item.classLeverageCap,
          class: format.assetClass(item.assetClass),
        })}
        value={values.leverageCap}
        onChange={(value) => set('leverageCap', value)}
        min={1}
        max={item.classLeverageCap}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        error={fieldError('leverageCap')}
        required
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('admin.settings.instruments.minLotsLabel')}
          description={t('admin.settings.instruments.lotsHint', { step: item.lotStep })}
          value={values.minLots}
          onChange={(event) => set('minLots', event.currentTarget.value)}
          inputMode="decimal"
          error={fieldError('minLots')}
          miw={180}
          required
        />
        <TextInput
          label={t('admin.settings.instruments.maxLotsLabel')}
          description={t('admin.settings.instruments.lotsHint', { step: item.lotStep })}
          value={values.maxLots}
          onChange={(event) => set('maxLots', event.currentTarget.value)}
          inputMode="decimal"
          error={fieldError('maxLots')}
          miw={180}
          required
        />
      </Group>
    </SettingsFormDialog>
  );
}
