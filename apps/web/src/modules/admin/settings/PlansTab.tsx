import { Badge, Button, Checkbox, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminSmartProduct } from '@openbourse/contracts';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, RTL_LANGUAGES, SMART_STRATEGIES } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';
import type { ParameterSpec } from '@openbourse/strategies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChange } from '../../market/format';
import { useLocale } from '../../market/use-locale';
import type { AdminColumn } from '../ui/AdminTable';
import { ProductSettingsTable, ReasonConfirmButton } from './ProductSettingsTable';
import { SettingsFormDialog } from './SettingsEditing';
import { useSettingsFormat } from './SettingsParts';
import {
  useAdminSmartProducts,
  useBacktestSmartProduct,
  useCreateSmartProduct,
  useSetSmartProductEnabled,
  useUpdateSmartProduct,
} from './settings.api';
import {
  EMPTY_SMART_PRODUCT_FORM,
  isSmartStrategy,
  SMART_LEVEL_MAX,
  type SmartProductField,
  type SmartProductFormValues,
  smartProductChanges,
  smartProductCreateBody,
  smartProductFieldOfIssue,
  smartProductFormOf,
  smartProductUpdateBody,
  strategyParameters,
  validateSmartProductForm,
} from './smart-product-form';
import { useProductForm } from './use-product-form';

/**
 * Smart plan products (issue 18) at /admin/settings?tab=plans: every product with its strategy,
 * instrument, amounts, durations, early-exit fee and level, and the state and figures of its
 * backtest (run in the background over recorded prices; a change of its settings runs it
 * again). An admin adds one (created disabled), edits one from the version read, offers or
 * withdraws it, and asks for a new backtest; each change with a confirmation and a reason kept in
 * the audit log.
 */
export function PlansTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const locale = useLocale();
  const query = useAdminSmartProducts();
  const enabled = useSetSmartProductEnabled();
  const named = (row: TAdminSmartProduct) => t('admin.plans.named', { id: row.id });
  const columns: AdminColumn<TAdminSmartProduct>[] = [
    { key: 'id', header: t('admin.plans.id'), render: (row) => row.id },
    {
      key: 'name',
      header: t('admin.plans.name'),
      render: (row) => (
        <Stack gap={0} miw={160}>
          <Text size="sm" fw={600}>
            {row.names.en}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`admin.plans.strategies.${row.strategy}`)} · {row.code} ·{' '}
            {t('admin.plans.bars', { minutes: row.intervalMinutes })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'terms',
      header: t('admin.plans.terms'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('admin.plans.amountRange', { min: format.quantity(row.minAmount), max: format.quantity(row.maxAmount) })}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('admin.plans.daysList', { days: row.days.join(', ') })} · 1:{row.leverage}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'exitFee',
      header: t('admin.plans.exitFee'),
      render: (row) => format.percent(row.exitFeeRate),
      numeric: true,
    },
    { key: 'level', header: t('admin.plans.minLevel'), render: (row) => levelName(row.minLevel), numeric: true },
    {
      key: 'backtest',
      header: t('admin.plans.backtest'),
      render: (row) => <BacktestCell item={row} locale={locale} percent={format.percent} dateTime={format.dateTime} />,
    },
    {
      key: 'state',
      header: t('admin.plans.state'),
      render: (row) => (
        <Badge color={row.enabled ? 'green' : 'gray'} variant="light" miw="max-content">
          {t(row.enabled ? 'admin.plans.enabled' : 'admin.plans.disabled')}
        </Badge>
      ),
    },
  ];
  function levelName(level: number) {
    return level === 0 ? t('admin.plans.levels.any') : `VIP${level}`;
  }
  return (
    <ProductSettingsTable
      intro={t('admin.plans.intro')}
      newLabel={t('admin.plans.new')}
      newTestId="new-smart-product"
      query={query}
      caption={t('admin.plans.caption')}
      empty={t('admin.plans.empty')}
      columns={columns}
      named={named}
      editTestId={(row) => `edit-smart-product-${row.id}`}
      actionsLayout="stack"
      actions={(row) => {
        const next = !row.enabled;
        return (
          <>
            <ReasonConfirmButton
              label={t(next ? 'admin.plans.enable' : 'admin.plans.disable')}
              name={named(row)}
              color={next ? 'green' : 'red'}
              title={t(next ? 'admin.plans.enableTitle' : 'admin.plans.disableTitle', { name: named(row) })}
              message={t(next ? 'admin.plans.enableMessage' : 'admin.plans.disableMessage')}
              requiredText={t('admin.plans.errors.required')}
              testId={`${next ? 'enable' : 'disable'}-smart-product-${row.id}`}
              onConfirm={(reason) =>
                enabled.mutateAsync({ id: row.id, body: { enabled: next, version: row.version, reason } })
              }
            />
            <BacktestButton item={row} />
          </>
        );
      }}
      dialog={(props) => <SmartProductDialog {...props} />}
    />
  );
}

/** A product's backtest: its state, and once done its label, data, period and figures; a failure says why. */
function BacktestCell({
  item,
  locale,
  percent,
  dateTime,
}: {
  item: TAdminSmartProduct;
  locale: string;
  percent: (ratio: string) => string;
  dateTime: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const colours = { pending: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;
  const backtest = item.backtest;
  return (
    <Stack gap={2} miw={220} data-testid={`smart-product-backtest-${item.id}`} data-state={item.backtestState}>
      <Badge color={colours[item.backtestState]} variant="light" miw="max-content">
        {t(`admin.plans.backtestStates.${item.backtestState}`)}
      </Badge>
      {item.backtestState === 'failed' && item.backtestError && (
        <Text size="xs" c="red.8">
          {item.backtestError}
        </Text>
      )}
      {backtest && (
        <>
          <Text size="xs" fw={600}>
            {t(backtest.dataKind === 'historical' ? 'admin.plans.historical' : 'admin.plans.sandbox')} ·{' '}
            {backtest.source}
          </Text>
          <Text size="xs">{t('admin.plans.period', { from: dateTime(backtest.from), to: dateTime(backtest.to) })}</Text>
          <Text size="xs">
            {t('admin.plans.figures', {
              totalReturn: formatChange(backtest.totalReturn, locale),
              maxDrawdown: percent(roundedRatio(backtest.maxDrawdown)),
              winRate: percent(roundedRatio(backtest.winRate)),
              trades: backtest.trades,
            })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** '0.123456' → '0.1235': a measured ratio at 2 decimals of a percent. */
const roundedRatio = (ratio: string) => Decimal.parse(ratio).round(4, 'half-even').toString();

function BacktestButton({ item }: { item: TAdminSmartProduct }) {
  const { t } = useTranslation();
  const mutation = useBacktestSmartProduct();
  const isBusy = item.backtestState === 'pending' || item.backtestState === 'running';
  return (
    <Button
      size="compact-sm"
      variant="default"
      loading={mutation.isPending}
      disabled={isBusy}
      onClick={() =>
        mutation.mutate(item.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('admin.plans.backtestStarted', { name: t('admin.plans.named', { id: item.id }) }),
            }),
        })
      }
      aria-label={`${t('admin.plans.backtestAction')}: ${t('admin.plans.named', { id: item.id })}`}
      data-testid={`backtest-smart-product-${item.id}`}
    >
      {t('admin.plans.backtestAction')}
    </Button>
  );
}

function SmartProductDialog({
  item,
  opened,
  onClose,
}: {
  item: TAdminSmartProduct | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSmartProduct();
  const update = useUpdateSmartProduct();
  // A new product's empty fields are not mistakes yet: each says its problem once it was edited.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(item === null ? [] : ['*']));
  const touch = (field: string) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const isShown = (field: SmartProductField) => touched.has('*') || touched.has(field);
  const name = item === null ? t('admin.plans.newName') : t('admin.plans.named', { id: item.id });
  const form = useProductForm<SmartProductFormValues, SmartProductField>({
    initial: () => (item === null ? EMPTY_SMART_PRODUCT_FORM : smartProductFormOf(item)),
    validate: validateSmartProductForm,
    textsKey: 'admin.plans',
    mutation: item === null ? create : update,
    send: (values) =>
      item === null
        ? create.mutateAsync(smartProductCreateBody(values))
        : update.mutateAsync({ id: item.id, body: smartProductUpdateBody(values, item) }),
    fieldOfIssue: (path) => smartProductFieldOfIssue(`body.${path}`),
    name,
    onClose,
    isShown,
  });
  const { values, problems, fieldError } = form;
  const set = <K extends Exclude<keyof SmartProductFormValues, 'reason'>>(
    field: K,
    value: SmartProductFormValues[K],
    shownField: SmartProductField | null = null,
  ) => {
    touch(shownField ?? field);
    form.set(field, value);
  };
  const yesNo = (value: boolean) => t(value ? 'admin.plans.yes' : 'admin.plans.no');
  const fieldLabel = (field: Exclude<SmartProductField, 'reason'>) => {
    if (field.startsWith('names.')) {
      const language = field.slice('names.'.length) as keyof typeof LANGUAGE_NATIVE_NAMES;
      return t('admin.plans.fields.name', { language: LANGUAGE_NATIVE_NAMES[language] });
    }
    if (field.startsWith('params.')) return t('admin.plans.fields.params');
    return t(`admin.plans.fields.${field}`);
  };
  const changes = smartProductChanges(values, item, yesNo).map((change) => ({
    key: change.field,
    label: fieldLabel(change.field),
    before: change.before ?? '—',
    after: change.after === '' ? '—' : change.after,
  }));
  const text = (
    field: Exclude<SmartProductField, 'reason' | `names.${string}` | `params.${string}` | 'strategy' | 'minLevel'>,
    key: Exclude<keyof SmartProductFormValues, 'reason'>,
    options: { suffix?: string; hint?: string } = {},
  ) => (
    <TextInput
      label={t(`admin.plans.fields.${field}`)}
      description={options.hint}
      value={String(values[key])}
      onChange={(event) => set(key, event.currentTarget.value, field)}
      rightSection={options.suffix}
      rightSectionWidth={options.suffix ? 64 : undefined}
      error={fieldError(field)}
      required
      data-testid={`smart-product-${field}`}
    />
  );
  return (
    <SettingsFormDialog
      form={form}
      opened={opened}
      title={item === null ? t('admin.plans.newTitle') : t('admin.settings.common.editNamed', { name })}
      subject={name}
      changes={changes}
    >
      <Title order={3} size="h5">
        {t('admin.plans.namesTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={t('admin.plans.fields.name', { language: LANGUAGE_NATIVE_NAMES[language] })}
            value={values.names[language]}
            onChange={(event) =>
              set('names', { ...values.names, [language]: event.currentTarget.value }, `names.${language}`)
            }
            lang={language === 'hk' ? 'zh-Hant' : language === 'zh' ? 'zh-Hans' : language}
            dir={RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'}
            error={fieldError(`names.${language}`)}
            maxLength={80}
            required
            data-autofocus={language === 'en' ? true : undefined}
            data-testid={`smart-product-name-${language}`}
          />
        ))}
      </SimpleGrid>
      <Title order={3} size="h5" mt="xs">
        {t('admin.plans.strategyTitle')}
      </Title>
      <NativeSelect
        label={t('admin.plans.fields.strategy')}
        value={values.strategy}
        onChange={(event) => {
          const strategy = event.currentTarget.value;
          if (!isSmartStrategy(strategy)) return;
          // Another strategy has other parameters: they start from its defaults.
          form.patch({ strategy, params: {} });
        }}
        data={SMART_STRATEGIES.map((strategy) => ({ value: strategy, label: t(`admin.plans.strategies.${strategy}`) }))}
        error={fieldError('strategy')}
        data-testid="smart-product-strategy"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {strategyParameters(values.strategy).map((spec) => (
          <ParameterInput
            key={`${values.strategy}-${spec.key}`}
            spec={spec}
            value={values.params[spec.key]}
            error={fieldError(`params.${spec.key}`)}
            yesNo={yesNo}
            onChange={(value) => set('params', { ...values.params, [spec.key]: value }, `params.${spec.key}`)}
          />
        ))}
      </SimpleGrid>
      <Title order={3} size="h5" mt="xs">
        {t('admin.plans.termsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {text('code', 'code', { hint: t('admin.plans.codeHint') })}
        {text('intervalMinutes', 'intervalMinutes', { hint: t('admin.plans.intervalHint') })}
        {text('leverage', 'leverage', { hint: t('admin.plans.leverageHint') })}
        {text('marginShare', 'marginSharePercent', { suffix: '%', hint: t('admin.plans.marginShareHint') })}
        {text('minAmount', 'minAmount', { suffix: 'USDT' })}
        {text('maxAmount', 'maxAmount', { suffix: 'USDT' })}
        {text('days', 'days', { hint: t('admin.plans.daysHint') })}
        {text('exitFeeRate', 'exitFeePercent', { suffix: '%', hint: t('admin.plans.exitFeeHint') })}
        <NativeSelect
          label={t('admin.plans.fields.minLevel')}
          value={values.minLevel}
          onChange={(event) => set('minLevel', event.currentTarget.value)}
          data={Array.from({ length: SMART_LEVEL_MAX + 1 }, (_, level) => ({
            value: String(level),
            label: level === 0 ? t('admin.plans.levels.any') : `VIP${level}`,
          }))}
          error={fieldError('minLevel')}
          data-testid="smart-product-minLevel"
        />
      </SimpleGrid>
      {Object.keys(problems).some((field) => field !== 'reason' && !isShown(field as SmartProductField)) && (
        <Text size="sm" c="dimmed" data-testid="smart-product-incomplete">
          {t('admin.plans.incomplete')}
        </Text>
      )}
    </SettingsFormDialog>
  );
}

/** A strategy parameter: a number typed (its default shown, empty takes it) or a switch. */
function ParameterInput({
  spec,
  value,
  error,
  yesNo,
  onChange,
}: {
  spec: ParameterSpec;
  value: string | boolean | undefined;
  error: string | undefined;
  yesNo: (value: boolean) => string;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const label = t(`admin.plans.params.${spec.key}`, { defaultValue: spec.key });
  if (spec.kind === 'boolean') {
    return (
      <Checkbox
        mt="lg"
        label={label}
        description={t('admin.plans.paramSwitchHint', { key: spec.key, value: yesNo(spec.default) })}
        checked={typeof value === 'boolean' ? value : spec.default}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
        data-testid={`smart-product-param-${spec.key}`}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={t('admin.plans.paramHint', {
        key: spec.key,
        value: String(spec.default),
        min: String(spec.min),
        max: String(spec.max),
      })}
      placeholder={String(spec.default)}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode="decimal"
      error={error}
      data-testid={`smart-product-param-${spec.key}`}
    />
  );
}
