import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminLoanSetting } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import {
  EMPTY_LOAN_FORM,
  type LoanField,
  type LoanFormValues,
  type LoanProblem,
  loanChanges,
  loanCreateBody,
  loanFieldOfIssue,
  loanFormOf,
  loanUpdateBody,
  validateLoanForm,
} from './loan-settings-form';
import { EditDialog, ReasonInput, useSettingsFormat } from './SettingsParts';
import {
  useAdminLoanSettings,
  useCreateLoanSetting,
  useSetLoanSettingEnabled,
  useUpdateLoanSetting,
} from './settings.api';
import { refusedFields } from './settings-form';

/** The assets a crypto-backed product may take as collateral (ledger assets other than the loan's). */
const COLLATERAL_CHOICES = ['BTC', 'ETH', 'USDC'];
const REASON_MIN = 1;

/**
 * Loan products (#17) at /admin/settings?tab=loans: every product with its terms, rate, limits and
 * LTVs; an admin adds one (created disabled), edits one from the version read, and offers or
 * withdraws it, each with a confirmation and a reason kept in the audit log.
 */
export function LoansTab() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const query = useAdminLoanSettings();
  const [dialog, setDialog] = useState<{ item: TAdminLoanSetting | null; key: number } | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = (item: TAdminLoanSetting | null) => {
    setDialog({ item, key: Date.now() });
    setOpen(true);
  };
  const ltv = (ratio: string | null) => (ratio === null ? '—' : format.percent(ratio));
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
    {
      key: 'actions',
      header: t('admin.settings.common.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => open(row)}
            aria-label={t('admin.settings.common.editNamed', { name: t('admin.loans.named', { id: row.id }) })}
            data-testid={`edit-loan-${row.id}`}
          >
            {t('admin.settings.common.edit')}
          </Button>
          <EnableButton item={row} />
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('admin.loans.intro')}
      </Text>
      <Group>
        <Button onClick={() => open(null)} data-testid="new-loan-setting">
          {t('admin.loans.new')}
        </Button>
      </Group>
      <QueryState query={query}>
        {(data) => (
          <AdminTable
            caption={t('admin.loans.caption')}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            empty={t('admin.loans.empty')}
          />
        )}
      </QueryState>
      {dialog !== null && (
        <LoanDialog key={dialog.key} item={dialog.item} opened={isOpen} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
}

function EnableButton({ item }: { item: TAdminLoanSetting }) {
  const { t } = useTranslation();
  const mutation = useSetLoanSettingEnabled();
  const [reason, setReason] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  const next = !item.enabled;
  const name = t('admin.loans.named', { id: item.id });
  const label = t(next ? 'admin.loans.enable' : 'admin.loans.disable');
  return (
    <ConfirmButton
      size="compact-sm"
      variant="light"
      color={next ? 'green' : 'red'}
      title={t(next ? 'admin.loans.enableTitle' : 'admin.loans.disableTitle', { name })}
      confirmLabel={label}
      aria-label={`${label}: ${name}`}
      message={
        <>
          <Text size="sm">{t(next ? 'admin.loans.enableMessage' : 'admin.loans.disableMessage')}</Text>
          <Textarea
            mt="sm"
            label={t('admin.settings.common.reason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={isProblemShown && reason.trim().length < REASON_MIN ? t('admin.loans.errors.required') : null}
            data-autofocus
          />
        </>
      }
      onConfirm={async () => {
        if (reason.trim().length < REASON_MIN) {
          setProblemShown(true);
          throw new Error('reason required');
        }
        await mutation.mutateAsync({
          id: item.id,
          body: { enabled: next, version: item.version, reason: reason.trim() },
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
  const mutation = item === null ? create : update;
  const [values, setValues] = useState<LoanFormValues>(() => (item === null ? EMPTY_LOAN_FORM : loanFormOf(item)));
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validateLoanForm(values);
  const refused = refusedFields(mutation.error)
    .map((path) => loanFieldOfIssue(path, values))
    .filter((field): field is LoanField => field !== null);
  const problemText = (problem: LoanProblem | undefined) =>
    problem ? t(`admin.loans.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const fieldError = (field: LoanField) =>
    problemText(problems[field]) ?? (refused.includes(field) ? t('admin.settings.common.refusedField') : undefined);
  const set = <K extends keyof LoanFormValues>(field: K, value: LoanFormValues[K]) => {
    if (mutation.isError) mutation.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };
  const name = item === null ? t('admin.loans.newName') : t('admin.loans.named', { id: item.id });
  const changes = loanChanges(values, item).map((change) => ({
    key: change.field,
    label: t(`admin.loans.fields.${change.field}`),
    before: change.before ?? '—',
    after: change.after === '' ? '—' : change.after,
  }));
  const isCrypto = values.kind === 'crypto_backed';
  const save = async () => {
    try {
      if (item === null) await create.mutateAsync(loanCreateBody(values));
      else await update.mutateAsync({ id: item.id, body: loanUpdateBody(values, item) });
      notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
      onClose();
    } catch {
      // The refusal is shown beside the form (and toasted); nothing changed.
    }
  };
  const text = (
    field: Exclude<LoanField, 'reason' | 'collateralAssets'>,
    key: keyof LoanFormValues,
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
    <EditDialog
      opened={opened}
      onClose={onClose}
      title={item === null ? t('admin.loans.newTitle') : t('admin.settings.common.editNamed', { name })}
      subject={name}
      changes={changes}
      reason={values.reason}
      isValid={Object.keys(problems).length === 0}
      error={mutation.error}
      onSave={save}
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
