import { Badge, Checkbox, Group, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { TAdminLoanSetting } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import type { AdminColumn } from '../ui/AdminTable';
import {
  EMPTY_LOAN_FORM,
  type LoanField,
  type LoanFormValues,
  loanChanges,
  loanCreateBody,
  loanFieldOfIssue,
  loanFormOf,
  loanUpdateBody,
  validateLoanForm,
} from './loan-settings-form';
import { ProductSettingsTable, ReasonConfirmButton } from './ProductSettingsTable';
import { SettingsFormDialog } from './SettingsEditing';
import { useSettingsFormat } from './SettingsParts';
import {
  useAdminLoanSettings,
  useCreateLoanSetting,
  useSetLoanSettingEnabled,
  useUpdateLoanSetting,
} from './settings.api';
import { useProductForm } from './use-product-form';

/** The assets a crypto-backed product may take as collateral (ledger assets other than the loan's). */
const COLLATERAL_CHOICES = ['BTC', 'ETH', 'USDC'];

/**
 * Loan products (#17) at /admin/settings?tab=loans: every product with its terms, rate, limits and
 * LTVs; an admin adds one (created disabled), edits one from the version read, and offers or
 * withdraws it, each with a confirmation and a reason kept in the audit log.
 */
export function LoansTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = useAdminLoanSettings();
  const enabled = useSetLoanSettingEnabled();
  const ltv = (ratio: string | null) => (ratio === null ? '—' : format.percent(ratio));
  const named = (row: TAdminLoanSetting) => t('admin.loans.named', { id: row.id });
  const columns: AdminColumn<TAdminLoanSetting>[] = [
    { key: 'id', header: t('admin.loans.id'), render: (row) => row.id },
    { key: 'kind', header: t('admin.loans.kind'), render: (row) => t(`admin.loans.kinds.${row.kind}`) },
    { key: 'asset', header: t('admin.loans.asset'), render: (row) => row.asset },
    { key: 'terms', header: t('admin.loans.terms'), render: (row) => row.terms.join(', ') },
    {
      key: 'dailyRate',
      header: t('admin.loans.dailyRate'),
      render: (row) => format.percent(row.dailyRate),
      numeric: true,
    },
    { key: 'free', header: t('admin.loans.interestFreeDays'), render: (row) => row.interestFreeDays, numeric: true },
    {
      key: 'limits',
      header: t('admin.loans.limits'),
      // One line per verification level (a "; " between them read wrongly in Arabic, and wrapped mid-limit).
      render: (row) => (
        <Stack gap={0}>
          {row.limits.map((limit) => (
            <Text key={limit.verification} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('admin.loans.limitLine', {
                level: t(`admin.loans.levels.${limit.verification}`),
                min: format.quantity(limit.minAmount),
                max: format.quantity(limit.maxAmount),
              })}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'collateral',
      header: t('admin.loans.collateral'),
      render: (row) => (row.collateralAssets.length ? row.collateralAssets.join(', ') : '—'),
    },
    {
      key: 'ltvs',
      header: t('admin.loans.ltvs'),
      render: (row) => `${ltv(row.initialLtv)} / ${ltv(row.marginCallLtv)} / ${ltv(row.liquidationLtv)}`,
    },
    {
      key: 'state',
      header: t('admin.loans.state'),
      render: (row) => (
        // At its full width: the table squeezed the state to "OF…" beside the wide limits column.
        <Badge color={row.enabled ? 'green' : 'gray'} variant="light" miw="max-content">
          {t(row.enabled ? 'admin.loans.enabled' : 'admin.loans.disabled')}
        </Badge>
      ),
    },
  ];
  return (
    <ProductSettingsTable
      intro={t('admin.loans.intro')}
      newLabel={t('admin.loans.new')}
      newTestId="new-loan-setting"
      query={query}
      caption={t('admin.loans.caption')}
      empty={t('admin.loans.empty')}
      columns={columns}
      named={named}
      editTestId={(row) => `edit-loan-${row.id}`}
      actions={(row) => {
        const next = !row.enabled;
        const label = t(next ? 'admin.loans.enable' : 'admin.loans.disable');
        return (
          <ReasonConfirmButton
            label={label}
            name={named(row)}
            color={next ? 'green' : 'red'}
            title={t(next ? 'admin.loans.enableTitle' : 'admin.loans.disableTitle', { name: named(row) })}
            message={t(next ? 'admin.loans.enableMessage' : 'admin.loans.disableMessage')}
            requiredText={t('admin.loans.errors.required')}
            onConfirm={(reason) =>
              enabled.mutateAsync({ id: row.id, body: { enabled: next, version: row.version, reason } })
            }
          />
        );
      }}
      dialog={(props) => <LoanDialog {...props} />}
    />
  );
}

function LoanDialog({
  item,
  opened,
  onClose,
}: {
  item: TAdminLoanSetting | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateLoanSetting();
  const update = useUpdateLoanSetting();
  const name = item === null ? t('admin.loans.newName') : t('admin.loans.named', { id: item.id });
  const form = useProductForm<LoanFormValues, LoanField>({
    initial: () => (item === null ? EMPTY_LOAN_FORM : loanFormOf(item)),
    validate: validateLoanForm,
    textsKey: 'admin.loans',
    mutation: item === null ? create : update,
    send: (values) =>
      item === null
        ? create.mutateAsync(loanCreateBody(values))
        : update.mutateAsync({ id: item.id, body: loanUpdateBody(values, item) }),
    fieldOfIssue: loanFieldOfIssue,
    name,
    onClose,
  });
  const { values, set, fieldError } = form;
  const changes = loanChanges(values, item).map((change) => ({
    key: change.field,
    label: t(`admin.loans.fields.${change.field}`),
    before: change.before ?? '—',
    after: change.after === '' ? '—' : change.after,
  }));
  const isCrypto = values.kind === 'crypto_backed';
  const text = (
    field: Exclude<LoanField, 'reason' | 'collateralAssets'>,
    key: Exclude<keyof LoanFormValues, 'reason'>,
    suffix?: string,
  ) => (
    <TextInput
      label={t(`admin.loans.fields.${field}`)}
      value={String(values[key])}
      onChange={(event) => set(key, event.currentTarget.value)}
      inputMode="decimal"
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
      title={item === null ? t('admin.loans.newTitle') : t('admin.settings.common.editNamed', { name })}
      subject={name}
      changes={changes}
    >
      {item === null ? (
        <SegmentedControl
          aria-label={t('admin.loans.kind')}
          value={values.kind}
          onChange={(kind) => set('kind', kind === 'unsecured' ? 'unsecured' : 'crypto_backed')}
          data={[
            { value: 'crypto_backed', label: t('admin.loans.kinds.crypto_backed') },
            { value: 'unsecured', label: t('admin.loans.kinds.unsecured') },
          ]}
        />
      ) : (
        <Text size="sm">{t(`admin.loans.kinds.${item.kind}`)}</Text>
      )}
      <TextInput
        label={t('admin.loans.fields.terms')}
        description={t('admin.loans.termsHint')}
        value={values.terms}
        onChange={(event) => set('terms', event.currentTarget.value)}
        error={fieldError('terms')}
        required
        data-autofocus
      />
      {text('dailyRate', 'dailyRatePercent', '%')}
      {text('interestFreeDays', 'interestFreeDays')}
      {isCrypto ? (
        <Checkbox
          label={t('admin.loans.unverifiedAllowed')}
          checked={values.hasUnverifiedLimit}
          onChange={(event) => set('hasUnverifiedLimit', event.currentTarget.checked)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('admin.loans.kycRequired')}
        </Text>
      )}
      {isCrypto && values.hasUnverifiedLimit && (
        <Group grow align="flex-start">
          {text('unverifiedMin', 'unverifiedMin', values.asset)}
          {text('unverifiedMax', 'unverifiedMax', values.asset)}
        </Group>
      )}
      <Group grow align="flex-start">
        {text('verifiedMin', 'verifiedMin', values.asset)}
        {text('verifiedMax', 'verifiedMax', values.asset)}
      </Group>
      {isCrypto && (
        <>
          <MultiSelect
            label={t('admin.loans.fields.collateralAssets')}
            data={COLLATERAL_CHOICES}
            value={[...values.collateralAssets]}
            onChange={(assets) => set('collateralAssets', assets)}
            error={fieldError('collateralAssets')}
            required
          />
          <Group grow align="flex-start">
            {text('initialLtv', 'initialLtvPercent', '%')}
            {text('marginCallLtv', 'marginCallLtvPercent', '%')}
            {text('liquidationLtv', 'liquidationLtvPercent', '%')}
          </Group>
        </>
      )}
    </SettingsFormDialog>
  );
}
