import { Alert, Badge, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OptionsExpirySchedule, TAdminOptionsProduct } from '@openbourse/contracts';
import { OPTIONS_EXPIRY_SCHEDULES } from '@openbourse/contracts/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import type { AdminColumn } from '../ui/AdminTable';
import { OptionsExpiries } from './OptionsExpiries';
import {
  EMPTY_OPTIONS_PRODUCT_FORM,
  type ListExpiryValues,
  listExpiryBody,
  OPTIONS_WHOLE_BOUNDS,
  type OptionsProblem,
  type OptionsProductField,
  type OptionsProductFormValues,
  optionsProductChanges,
  optionsProductCreateBody,
  optionsProductFieldOfIssue,
  optionsProductFormOf,
  optionsProductUpdateBody,
  suggestedExpiry,
  timeOfMinute,
  utcIsoOfInput,
  validateListExpiry,
  validateOptionsProductForm,
} from './options-product-form';
import { type ProductDialogProps, ProductSettingsTable, ReasonConfirmButton } from './ProductSettingsTable';
import { SettingsFormDialog } from './SettingsEditing';
import { ReasonInput, useSettingsFormat } from './SettingsParts';
import {
  useAdminOptionsProducts,
  useCreateOptionsProduct,
  useListOptionsExpiry,
  useSetOptionsProductEnabled,
  useUpdateOptionsProduct,
} from './settings.api';
import { useProductForm } from './use-product-form';
import { useUtcDateTime } from './use-utc-date-time';

/**
 * Options products (issue 19) at /admin/settings?tab=options: every product with its underlying,
 * expiry schedules, strike grid, contract size, call cap, spread, fee, volatility bounds and
 * window, the reserve limit of a series and what its series have reserved now; an admin adds one
 * (created disabled), edits one from the version read (10227 when another change came first),
 * offers or withdraws it, and lists one expiry now — each with a reason kept in the audit log.
 * Below, the expiries: those waiting for an operator's settlement price first, with why, and the
 * price to settle them at.
 */
export function OptionsTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = useAdminOptionsProducts();
  const enabled = useSetOptionsProductEnabled();
  const named = (row: TAdminOptionsProduct) => t('admin.options.named', { id: row.id });
  const amount = (value: string, asset: string) =>
    t('admin.options.amountIn', { amount: format.quantity(value), asset });
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const columns: AdminColumn<TAdminOptionsProduct>[] = [
    { key: 'id', header: t('admin.options.columns.id'), render: (row) => row.id },
    {
      key: 'underlying',
      header: t('admin.options.columns.underlying'),
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={600}>
            {row.code}
          </Text>
          <Text size="xs" c="dimmed">
            {row.asset}
          </Text>
          {row.sandbox && (
            <Badge color="yellow" variant="light" miw="max-content" data-testid={`options-product-sandbox-${row.id}`}>
              {t('admin.options.sandbox')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'schedules',
      header: t('admin.options.columns.schedules'),
      render: (row) =>
        row.schedules.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.options.noSchedule')}
          </Text>
        ) : (
          <Text size="sm" miw={140}>
            {t('admin.options.scheduleAt', {
              schedules: OPTIONS_EXPIRY_SCHEDULES.filter((schedule) => row.schedules.includes(schedule))
                .map((schedule) => t(`admin.options.schedules.${schedule}`))
                .join(', '),
              time: timeOfMinute(row.expiryMinuteOfDay),
            })}
          </Text>
        ),
    },
    {
      key: 'strikes',
      header: t('admin.options.columns.strikes'),
      render: (row) => (
        <Text size="sm" style={nowrap}>
          {t('admin.options.strikeGrid', { strikes: row.strikesEachSide, step: format.quantity(row.strikeStep) })}
        </Text>
      ),
    },
    {
      key: 'contractSize',
      header: t('admin.options.columns.contractSize'),
      render: (row) => format.quantity(row.contractSize),
      numeric: true,
    },
    {
      key: 'callCap',
      header: t('admin.options.columns.callCap'),
      render: (row) => format.percent(row.callCapShare),
      numeric: true,
    },
    {
      key: 'spreadFee',
      header: t('admin.options.columns.spread'),
      render: (row) => (
        <Text size="sm" style={nowrap}>
          {t('admin.options.spreadFee', { spread: format.percent(row.spreadRate), fee: format.percent(row.feeRate) })}
        </Text>
      ),
      numeric: true,
    },
    {
      key: 'volatility',
      header: t('admin.options.columns.volatility'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" style={nowrap}>
            {t('admin.options.volatilityRange', {
              floor: format.percent(row.volatilityFloor),
              cap: format.percent(row.volatilityCap),
            })}
          </Text>
          <Text size="xs" c="dimmed" style={nowrap}>
            {t('admin.options.volatilityWindow', {
              minutes: row.volatilityWindowMinutes,
              lambda: row.volatilityLambda,
            })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'reserveLimit',
      header: t('admin.options.columns.reserveLimit'),
      render: (row) => <span style={nowrap}>{amount(row.seriesReserveLimit, row.asset)}</span>,
      numeric: true,
    },
    {
      key: 'reserved',
      header: t('admin.options.columns.reserved'),
      render: (row) => <span style={nowrap}>{amount(row.reserved, row.asset)}</span>,
      numeric: true,
    },
    {
      key: 'state',
      header: t('admin.options.columns.state'),
      render: (row) => (
        <Badge color={row.enabled ? 'green' : 'gray'} variant="light" miw="max-content">
          {t(row.enabled ? 'admin.options.enabled' : 'admin.options.disabled')}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="xl">
      <ProductSettingsTable
        intro={t('admin.options.intro')}
        newLabel={t('admin.options.new')}
        newTestId="new-options-product"
        query={query}
        caption={t('admin.options.caption')}
        empty={t('admin.options.empty')}
        columns={columns}
        named={named}
        editTestId={(row) => `edit-options-product-${row.id}`}
        actionsLayout="stack"
        actions={(row) => {
          const next = !row.enabled;
          return (
            <>
              <ReasonConfirmButton
                label={t(next ? 'admin.options.enable' : 'admin.options.disable')}
                name={named(row)}
                color={next ? 'green' : 'red'}
                title={t(next ? 'admin.options.enableTitle' : 'admin.options.disableTitle', { name: named(row) })}
                message={t(next ? 'admin.options.enableMessage' : 'admin.options.disableMessage')}
                requiredText={t('admin.options.errors.required')}
                testId={`${next ? 'enable' : 'disable'}-options-product-${row.id}`}
                onConfirm={(reason) =>
                  enabled.mutateAsync({ id: row.id, body: { enabled: next, version: row.version, reason } })
                }
              />
              <ListExpiryButton item={row} />
            </>
          );
        }}
        dialog={(props) => <OptionsProductDialog {...props} />}
      />
      <OptionsExpiries />
    </Stack>
  );
}

/** The fields typed in percent (shown with "%" beside them). */
const PERCENT_FIELDS: ReadonlySet<OptionsProductField> = new Set([
  'callCapShare',
  'spreadRate',
  'feeRate',
  'rate',
  'volatilityFloor',
  'volatilityCap',
]);
/** Amounts in the quote asset (shown with the product's asset beside them once it is known). */
const ASSET_FIELDS: ReadonlySet<OptionsProductField> = new Set(['strikeStep', 'minPremium', 'seriesReserveLimit']);

type TextField = Exclude<OptionsProductField, 'schedules' | 'reason'>;

/** The form's sections, each a heading and its fields. */
const SECTIONS: ReadonlyArray<{ key: string; fields: readonly TextField[] }> = [
  { key: 'grid', fields: ['strikeStep', 'strikesEachSide', 'contractSize', 'callCapShare'] },
  { key: 'pricing', fields: ['spreadRate', 'feeRate', 'minPremium', 'rate'] },
  { key: 'volatility', fields: ['volatilityFloor', 'volatilityCap', 'volatilityWindowMinutes', 'volatilityLambda'] },
  {
    key: 'limits',
    fields: ['seriesReserveLimit', 'maxContractsPerOrder', 'settlementWindowMinutes', 'salesCutoffMinutes'],
  },
];

function OptionsProductDialog({ item, opened, onClose }: ProductDialogProps<TAdminOptionsProduct>) {
  const { t } = useTranslation();
  const create = useCreateOptionsProduct();
  const update = useUpdateOptionsProduct();
  // A new product's empty fields are not mistakes yet: each says its problem once it was edited.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(item === null ? [] : ['*']));
  const isShown = (field: OptionsProductField) => touched.has('*') || touched.has(field);
  const name = item === null ? t('admin.options.newName') : t('admin.options.named', { id: item.id });
  const form = useProductForm<OptionsProductFormValues, OptionsProductField>({
    initial: () => (item === null ? EMPTY_OPTIONS_PRODUCT_FORM : optionsProductFormOf(item)),
    validate: validateOptionsProductForm,
    textsKey: 'admin.options',
    mutation: item === null ? create : update,
    send: (values) =>
      item === null
        ? create.mutateAsync(optionsProductCreateBody(values))
        : update.mutateAsync({ id: item.id, body: optionsProductUpdateBody(values, item) }),
    fieldOfIssue: (path) => optionsProductFieldOfIssue(path),
    name,
    onClose,
    isShown,
  });
  const { values, problems, fieldError } = form;
  const set = <K extends Exclude<keyof OptionsProductFormValues, 'reason'>>(
    field: K,
    value: OptionsProductFormValues[K],
  ) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    form.set(field, value);
  };
  const scheduleName = (schedule: OptionsExpirySchedule) => t(`admin.options.schedules.${schedule}`);
  const changes = optionsProductChanges(values, item, scheduleName).map((change) => ({
    key: change.field,
    label: t(`admin.options.fields.${change.field}`),
    before: change.before ?? '—',
    after: change.after === '' ? '—' : change.after,
  }));
  const hint = (field: Exclude<OptionsProductField, 'reason'>) => {
    const bounds =
      field in OPTIONS_WHOLE_BOUNDS ? OPTIONS_WHOLE_BOUNDS[field as keyof typeof OPTIONS_WHOLE_BOUNDS] : null;
    return t(`admin.options.hints.${field}`, bounds ? { min: String(bounds[0]), max: String(bounds[1]) } : {});
  };
  const suffix = (field: TextField) =>
    PERCENT_FIELDS.has(field) ? '%' : ASSET_FIELDS.has(field) && item !== null ? item.asset : undefined;
  const text = (field: TextField, options: { type?: 'time'; autoFocus?: boolean } = {}) => (
    <TextInput
      key={field}
      label={t(`admin.options.fields.${field}`)}
      description={hint(field)}
      type={options.type}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      inputMode={options.type ? undefined : field === 'code' ? 'text' : 'decimal'}
      rightSection={suffix(field)}
      rightSectionWidth={suffix(field) ? 64 : undefined}
      error={fieldError(field)}
      required
      data-autofocus={options.autoFocus ? true : undefined}
      data-testid={`options-product-${field}`}
    />
  );
  const hasHiddenProblems = Object.keys(problems).some(
    (field) => field !== 'reason' && !isShown(field as OptionsProductField),
  );
  return (
    <SettingsFormDialog
      form={form}
      opened={opened}
      title={item === null ? t('admin.options.newTitle') : t('admin.settings.common.editNamed', { name })}
      subject={name}
      changes={changes}
    >
      <Title order={3} size="h5">
        {t('admin.options.sections.underlying')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {text('code', { autoFocus: true })}
        {text('expiryMinuteOfDay', { type: 'time' })}
      </SimpleGrid>
      <Checkbox.Group
        label={t('admin.options.fields.schedules')}
        description={hint('schedules')}
        value={[...values.schedules]}
        onChange={(next) =>
          set(
            'schedules',
            OPTIONS_EXPIRY_SCHEDULES.filter((schedule) => next.includes(schedule)),
          )
        }
        error={fieldError('schedules')}
      >
        <Group gap="md" mt={6}>
          {OPTIONS_EXPIRY_SCHEDULES.map((schedule) => (
            <Checkbox
              key={schedule}
              value={schedule}
              label={scheduleName(schedule)}
              data-testid={`options-product-schedule-${schedule}`}
            />
          ))}
        </Group>
      </Checkbox.Group>
      {SECTIONS.map((section) => (
        <Stack key={section.key} gap="xs">
          <Title order={3} size="h5" mt="xs">
            {t(`admin.options.sections.${section.key}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {section.fields.map((field) => text(field))}
          </SimpleGrid>
        </Stack>
      ))}
      {hasHiddenProblems && (
        <Text size="sm" c="dimmed" data-testid="options-product-incomplete">
          {t('admin.options.incomplete')}
        </Text>
      )}
    </SettingsFormDialog>
  );
}

/** "List an expiry": one expiry of the product now, at a UTC minute the operator picks, with a reason. */
function ListExpiryButton({ item }: { item: TAdminOptionsProduct }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [key, setKey] = useState(0);
  const label = t('admin.options.listExpiry');
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => {
          setKey((current) => current + 1);
          setOpened(true);
        }}
        aria-label={`${label}: ${t('admin.options.named', { id: item.id })}`}
        data-testid={`list-options-expiry-${item.id}`}
      >
        {label}
      </Button>
      {key > 0 && <ListExpiryDialog key={key} item={item} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}

function ListExpiryDialog({
  item,
  opened,
  onClose,
}: {
  item: TAdminOptionsProduct;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utc = useUtcDateTime();
  const id = useId();
  const mutation = useListOptionsExpiry();
  const [values, setValues] = useState<ListExpiryValues>(() => ({
    expiresAt: suggestedExpiry(Date.now(), item.expiryMinuteOfDay, item.salesCutoffMinutes),
    reason: '',
  }));
  const [isTried, setTried] = useState(false);
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validateListExpiry(values, item, Date.now());
  const problemText = (problem: OptionsProblem | undefined) =>
    problem ? t(`admin.options.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const iso = utcIsoOfInput(values.expiresAt);
  const salesClose = iso === null ? null : new Date(Date.parse(iso) - item.salesCutoffMinutes * 60_000).toISOString();
  const set = (changes: Partial<ListExpiryValues>) => {
    if (mutation.isError) mutation.reset();
    setValues((current) => ({ ...current, ...changes }));
  };
  const submit = async () => {
    setTried(true);
    const body = listExpiryBody(values);
    if (Object.keys(problems).length > 0 || body === null) return;
    try {
      await mutation.mutateAsync({ id: item.id, body });
      notifications.show({
        color: 'green',
        message: t('admin.options.listed', { code: item.code, time: utc(body.expiresAt) }),
      });
      onClose();
    } catch {
      // The refusal is shown in the dialog (and toasted); nothing was listed.
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('admin.options.listExpiryTitle', { name: t('admin.options.named', { id: item.id }) })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form
        id={id}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('admin.options.listExpiryIntro', { code: item.code, minutes: item.salesCutoffMinutes })}
          </Text>
          <TextInput
            type="datetime-local"
            step={60}
            label={t('admin.options.expiresAt')}
            description={t('admin.options.expiresAtHint')}
            value={values.expiresAt}
            onChange={(event) => set({ expiresAt: event.currentTarget.value })}
            error={isTried || values.expiresAt !== '' ? problemText(problems.expiresAt) : undefined}
            required
            data-autofocus
            data-testid="options-expiry-expiresAt"
          />
          {iso !== null && salesClose !== null && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('admin.options.salesClose', { time: utc(salesClose) })}
            </Text>
          )}
          <ReasonInput
            value={values.reason}
            onChange={(reason) => {
              set({ reason });
              setReasonTouched(true);
            }}
            error={isTried || isReasonTouched ? problemText(problems.reason) : undefined}
          />
          {mutation.isError && (
            <Alert color="red" role="alert" title={t('admin.options.listRefused')}>
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin.settings.common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="options-expiry-submit">
              {t('admin.options.listSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
