import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { TTreasuryChainResponse } from '@openbourse/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { useCopy } from '../../../shared/ui/use-copy';
import { formatAmount } from '../../ledger/amount';
import { useLocale } from '../queues/queue-parts';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { useTreasuryChain } from './treasury.api';
import { assetDecimals, type CoverageRow, coverageRows, type NetworkRow, networkRows } from './treasury-rows';

type Network = TTreasuryChainResponse['networks'][number];
type Sweep = TTreasuryChainResponse['sweeps'][number];

/** A hash or an address: monospace, wrapping anywhere, with a copy button that says whether it worked. */
function Code({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const { outcome, copy } = useCopy(value, 3000);
  const copyLabel = t('admin.treasury.copy', { label });
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Text>
      <Tooltip label={copyLabel}>
        <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={copyLabel}>
          {outcome === 'copied' ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Text size="xs" role="status" aria-live="polite" c={outcome === 'failed' ? 'red' : 'teal'}>
        {outcome === 'copied' ? t('admin.treasury.copied') : outcome === 'failed' ? t('admin.treasury.copyFailed') : ''}
      </Text>
    </Group>
  );
}

function useAmount() {
  const locale = useLocale();
  return (value: string, asset: string) => formatAmount(value, assetDecimals(asset), locale);
}

/** What the chain holds on every network beside what the ledger owes users. */
function CoverageTable({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const rows = coverageRows(networks);
  const columns: AdminColumn<CoverageRow>[] = [
    { key: 'asset', header: t('admin.treasury.columns.asset'), render: (row) => row.asset },
    {
      key: 'onChain',
      header: t('admin.treasury.columns.onChainAll'),
      numeric: true,
      render: (row) => amount(row.onChain, row.asset),
    },
    {
      key: 'liabilities',
      header: t('admin.treasury.columns.liabilities'),
      numeric: true,
      render: (row) => amount(row.liabilities, row.asset),
    },
    {
      key: 'difference',
      header: t('admin.treasury.columns.difference'),
      numeric: true,
      render: (row) =>
        row.difference.startsWith('-') ? (
          <Text component="span" size="sm" c="red" fw={600}>
            {amount(row.difference, row.asset)} ({t('admin.treasury.shortfall')})
          </Text>
        ) : (
          amount(row.difference, row.asset)
        ),
    },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="treasury-coverage">
      <Stack gap="xs">
        <Title order={2} size="h4" id="treasury-coverage">
          {t('admin.treasury.coverage.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.treasury.coverage.description')}
        </Text>
        <AdminTable
          caption={t('admin.treasury.coverage.caption')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.asset}
          empty={t('admin.treasury.noNetworks')}
        />
      </Stack>
    </Card>
  );
}

function NetworkCard({ network }: { network: Network }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const rows = networkRows(network);
  const columns: AdminColumn<NetworkRow>[] = [
    { key: 'asset', header: t('admin.treasury.columns.asset'), render: (row) => row.asset },
    {
      key: 'hotWallet',
      header: t('admin.treasury.columns.hotWallet'),
      numeric: true,
      render: (row) => amount(row.hotWallet, row.asset),
    },
    {
      key: 'depositAddresses',
      header: t('admin.treasury.columns.depositAddresses'),
      numeric: true,
      render: (row) => amount(row.depositAddresses, row.asset),
    },
    {
      key: 'onChain',
      header: t('admin.treasury.columns.onChain'),
      numeric: true,
      render: (row) => amount(row.onChain, row.asset),
    },
  ];
  const headingId = `treasury-network-${network.network}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-testid={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {network.label}
        </Title>
        <Stack gap={4} component="dl" m={0}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" c="dimmed" w={170} style={{ flexShrink: 0 }}>
              {t('admin.treasury.hotWallet')}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ minWidth: 0 }}>
              {network.hotWallet.address ? (
                <Code value={network.hotWallet.address} label={t('admin.treasury.hotWallet')} />
              ) : (
                t('admin.treasury.noHotWallet')
              )}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" c="dimmed" w={170} style={{ flexShrink: 0 }}>
              {t('admin.treasury.depositAddresses')}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {t('admin.treasury.depositAddressCount', { count: network.depositAddresses.count })}
            </Text>
          </Group>
        </Stack>
        <AdminTable
          caption={t('admin.treasury.networkCaption', { network: network.label })}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.asset}
          empty={t('admin.treasury.noNetworks')}
        />
      </Stack>
    </Card>
  );
}

function SweepsTable({ sweeps, labels }: { sweeps: readonly Sweep[]; labels: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = useAmount();
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  const columns: AdminColumn<Sweep>[] = [
    {
      key: 'createdAt',
      header: t('admin.treasury.sweeps.columns.created'),
      render: (row) => time.format(new Date(row.createdAt)),
      sortValue: (row) => row.createdAt,
    },
    {
      key: 'network',
      header: t('admin.treasury.sweeps.columns.network'),
      render: (row) => labels.get(row.network) ?? row.network,
    },
    {
      key: 'amount',
      header: t('admin.treasury.sweeps.columns.amount'),
      numeric: true,
      render: (row) => `${amount(row.amount, row.asset)} ${row.asset}`,
    },
    {
      key: 'from',
      header: t('admin.treasury.sweeps.columns.from'),
      render: (row) => <Code value={row.fromAddress} label={t('admin.treasury.sweeps.columns.from')} />,
    },
    {
      key: 'sweepHash',
      header: t('admin.treasury.sweeps.columns.sweepHash'),
      render: (row) =>
        row.sweepHash ? (
          <Code value={row.sweepHash} label={t('admin.treasury.sweeps.columns.sweepHash')} />
        ) : (
          t('admin.treasury.sweeps.none')
        ),
    },
    {
      key: 'gasFundingHash',
      header: t('admin.treasury.sweeps.columns.gasFundingHash'),
      render: (row) =>
        row.gasFundingHash ? (
          <Code value={row.gasFundingHash} label={t('admin.treasury.sweeps.columns.gasFundingHash')} />
        ) : (
          t('admin.treasury.sweeps.none')
        ),
    },
    {
      key: 'status',
      header: t('admin.treasury.sweeps.columns.status'),
      render: (row) => (
        <Badge variant="dot" tt="none" color="gray">
          {row.status}
        </Badge>
      ),
      sortValue: (row) => row.status,
    },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="treasury-sweeps">
      <Stack gap="xs">
        <Title order={2} size="h4" id="treasury-sweeps">
          {t('admin.treasury.sweeps.title')}
        </Title>
        <AdminTable
          caption={t('admin.treasury.sweeps.caption')}
          columns={columns}
          rows={sweeps}
          rowKey={(row) => row.id}
          empty={t('admin.treasury.sweeps.empty')}
        />
      </Stack>
    </Card>
  );
}

/** The treasury's chain view (#15): what the chain holds per network beside the ledger, and the recent sweeps. */
export default function TreasuryArea() {
  const { t } = useTranslation();
  const treasury = useTreasuryChain();
  const data = treasury.data;
  const labels = useMemo(
    () => new Map((data?.networks ?? []).map((network) => [network.network, network.label] as const)),
    [data],
  );
  return (
    <AdminPage title={t('admin.treasury.title')} description={t('admin.treasury.description')}>
      {treasury.isPending ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('admin.treasury.loading')}</Text>
        </Group>
      ) : treasury.isError && !data ? (
        <Alert color="red" title={t('admin.treasury.error')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(treasury.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void treasury.refetch()}>
              {t('admin.treasury.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : data ? (
        <Stack gap="md">
          {data.networks.length === 0 ? (
            <Alert color="gray" title={t('admin.treasury.noNetworksTitle')}>
              {t('admin.treasury.noNetworks')}
            </Alert>
          ) : (
            <>
              <CoverageTable networks={data.networks} />
              {data.networks.map((network) => (
                <NetworkCard key={network.network} network={network} />
              ))}
            </>
          )}
          <SweepsTable sweeps={data.sweeps} labels={labels} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
