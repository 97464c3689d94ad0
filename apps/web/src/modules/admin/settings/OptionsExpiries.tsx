import { Alert, Badge, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OptionsExpiryStatus, TAdminOptionsExpiry } from '@openbourse/contracts';
import { OPTIONS_EXPIRY_STATUSES } from '@openbourse/contracts/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import {
  type OptionsProblem,
  orderExpiries,
  type SettleValues,
  settleBody,
  validateSettle,
} from './options-product-form';
import { ReasonInput, useSettingsFormat } from './SettingsParts';
import { useAdminOptionsExpiries, useSettleOptionsExpiry } from './settings.api';
import { useUtcDateTime } from './use-utc-date-time';

const STATUS_COLOURS = {
  listed: 'blue',
  awaiting_operator: 'orange',
  settling: 'cyan',
  settled: 'green',
} as const satisfies Record<OptionsExpiryStatus, string>;

const isStatus = (value: string): value is OptionsExpiryStatus =>
  OPTIONS_EXPIRY_STATUSES.some((status) => status === value);

/**
 * The options expiries (issue 19), latest first, of one status or all. Those whose settlement
 * waits for an operator (the underlying's feed had no price for a minute of the settlement
 * window) come first, each in a highlighted box with why it waits and the price to settle it at;
 * a price is never guessed.
 */
export function OptionsExpiries() {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const utc = useUtcDateTime();
  const headingId = useId();
  const [status, setStatus] = useState<OptionsExpiryStatus | null>(null);
  const query = useAdminOptionsExpiries(status);
  const columns: AdminColumn<TAdminOptionsExpiry>[] = [
    { key: 'id', header: t('admin.options.expiries.columns.id'), render: (row) => row.id },
    {
      key: 'underlying',
      header: t('admin.options.expiries.columns.underlying'),
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.code}
        </Text>
      ),
    },
    {
      key: 'expiresAt',
      header: t('admin.options.expiries.columns.expiresAt'),
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{utc(row.expiresAt)}</span>,
    },
    {
      key: 'status',
      header: t('admin.options.expiries.columns.status'),
      render: (row) => (
        <Badge
          color={STATUS_COLOURS[row.status]}
          variant="light"
          miw="max-content"
          data-testid={`options-expiry-status-${row.id}`}
        >
          {t(`admin.options.expiries.statuses.${row.status}`)}
        </Badge>
      ),
    },
    { key: 'series', header: t('admin.options.expiries.columns.series'), render: (row) => row.series, numeric: true },
    {
      key: 'openOrders',
      header: t('admin.options.expiries.columns.openOrders'),
      render: (row) => row.openOrders,
      numeric: true,
    },
    {
      key: 'reserved',
      header: t('admin.options.expiries.columns.reserved'),
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t('admin.options.amountIn', { amount: format.quantity(row.reserved), asset: row.asset })}
        </span>
      ),
      numeric: true,
    },
    {
      key: 'settlement',
      header: t('admin.options.expiries.columns.settlement'),
      render: (row) =>
        row.settlementPrice === null ? (
          '—'
        ) : (
          <Stack gap={0} align="flex-end">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('admin.options.amountIn', { amount: format.quantity(row.settlementPrice), asset: row.asset })}
            </Text>
            {row.settlementSource !== null && (
              <Text size="xs" c="dimmed">
                {t('admin.options.expiries.source', { source: row.settlementSource })}
              </Text>
            )}
          </Stack>
        ),
      numeric: true,
    },
    {
      key: 'settledAt',
      header: t('admin.options.expiries.columns.settledAt'),
      render: (row) =>
        row.settledAt === null ? '—' : <span style={{ whiteSpace: 'nowrap' }}>{utc(row.settledAt)}</span>,
    },
  ];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {t('admin.options.expiries.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('admin.options.expiries.intro')}
      </Text>
      <NativeSelect
        label={t('admin.options.expiries.status')}
        value={status ?? ''}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setStatus(isStatus(next) ? next : null);
        }}
        data={[
          { value: '', label: t('admin.options.expiries.all') },
          ...OPTIONS_EXPIRY_STATUSES.map((value) => ({
            value,
            label: t(`admin.options.expiries.statuses.${value}`),
          })),
        ]}
        w={{ base: '100%', xs: 280 }}
        data-testid="options-expiries-status"
      />
      <QueryState query={query}>
        {(data) => {
          const ordered = orderExpiries(data.items);
          return (
            <Stack gap="md">
              {ordered
                .filter((expiry) => expiry.status === 'awaiting_operator')
                .map((expiry) => (
                  <AwaitingExpiry key={expiry.id} expiry={expiry} />
                ))}
              <AdminTable
                caption={t('admin.options.expiries.caption')}
                columns={columns}
                rows={ordered}
                rowKey={(row) => row.id}
                isScrollFocusable
                empty={status === null ? t('admin.options.expiries.empty') : t('admin.options.expiries.emptyStatus')}
              />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

/**
 * An expiry waiting for an operator's settlement price: why it waits, what it settles, and the
 * price (with a reason) — confirmed as "Settle the open orders (N) at P?" before it is sent.
 */
function AwaitingExpiry({ expiry }: { expiry: TAdminOptionsExpiry }) {
  const { t } = useTranslation();
  const format = useSettingsFormat();
  const utc = useUtcDateTime();
  const titleId = useId();
  const mutation = useSettleOptionsExpiry();
  const [values, setValues] = useState<SettleValues>({ price: '', reason: '' });
  const [isTried, setTried] = useState(false);
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validateSettle(values);
  const body = settleBody(values);
  const problemText = (problem: OptionsProblem | undefined) =>
    problem ? t(`admin.options.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const set = (changes: Partial<SettleValues>) => {
    if (mutation.isError) mutation.reset();
    setValues((current) => ({ ...current, ...changes }));
  };
  const heading = t('admin.options.expiries.awaitingHeading', { code: expiry.code, time: utc(expiry.expiresAt) });
  const price = body === null ? '' : format.quantity(body.price);
  const label = t('admin.options.expiries.settle');
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="md"
      radius="md"
      style={{ borderColor: 'var(--mantine-color-orange-outline)', borderInlineStartWidth: 6 }}
      data-testid={`options-expiry-awaiting-${expiry.id}`}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color="orange" variant="light" miw="max-content">
            {t('admin.options.expiries.statuses.awaiting_operator')}
          </Badge>
          <Title order={3} size="h5" id={titleId}>
            {heading}
          </Title>
        </Group>
        <Text fw={600} data-testid={`options-expiry-awaiting-reason-${expiry.id}`}>
          {t('admin.options.expiries.awaitingReason', {
            reason: expiry.awaitingReason ?? t('admin.options.expiries.noReason'),
          })}
        </Text>
        <Text size="sm">
          {t('admin.options.expiries.awaitingFacts', {
            orders: expiry.openOrders,
            series: expiry.series,
            reserved: format.quantity(expiry.reserved),
            asset: expiry.asset,
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('admin.options.expiries.price')}
            description={t('admin.options.expiries.priceHint', { asset: expiry.asset })}
            value={values.price}
            onChange={(event) => set({ price: event.currentTarget.value })}
            inputMode="decimal"
            rightSection={expiry.asset}
            rightSectionWidth={64}
            error={isTried || values.price !== '' ? problemText(problems.price) : undefined}
            required
            data-testid={`options-expiry-price-${expiry.id}`}
          />
          <ReasonInput
            value={values.reason}
            onChange={(reason) => {
              set({ reason });
              setReasonTouched(true);
            }}
            error={isTried || isReasonTouched ? problemText(problems.reason) : undefined}
          />
        </SimpleGrid>
        {mutation.isError && (
          <Alert color="red" role="alert" title={t('admin.options.expiries.refused')}>
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <ConfirmButton
            aria-label={`${label}: ${heading}`}
            data-testid={`settle-options-expiry-${expiry.id}`}
            canOpen={() => {
              setTried(true);
              return body !== null;
            }}
            title={t('admin.options.expiries.settleTitle', { orders: expiry.openOrders, price, asset: expiry.asset })}
            confirmLabel={t('admin.options.expiries.settleConfirm')}
            message={
              <Stack gap="xs">
                <Text size="sm">
                  {t('admin.options.expiries.settleMessage', { price, asset: expiry.asset, heading })}
                </Text>
                <Text size="sm">{t('admin.settings.common.confirmReason', { reason: values.reason.trim() })}</Text>
              </Stack>
            }
            onConfirm={async () => {
              if (body === null) throw new Error('invalid settlement');
              await mutation.mutateAsync({ id: expiry.id, body });
              notifications.show({
                color: 'green',
                message: t('admin.options.expiries.settled', { heading, price, asset: expiry.asset }),
              });
            }}
          >
            {label}
          </ConfirmButton>
        </Group>
      </Stack>
    </Paper>
  );
}
