import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TBalance, TStatementEntry } from '@openbourse/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageNav } from '../../shared/ui/PageNav';
import { QueryState } from '../../shared/ui/QueryState';
import { type AccountMode, useSession } from '../identity/session';
import { useLocale } from '../market/use-locale';
import { AmountText } from './AmountText';
import { BalancesTable } from './BalancesTable';
import {
  downloadStatementCsv,
  downloadTradesCsv,
  NO_FILTERS,
  STATEMENT_PAGE_SIZE,
  STATEMENT_REASONS,
  type StatementFilters,
  useBalances,
  useDemoReset,
  useStatement,
} from './ledger.api';
import { TradeStatement } from './TradeStatement';
import { rememberedStatementView, rememberStatementView, type StatementView } from './trade-statement';

/** Balances per asset and the statement of the book the account mode selects (issue 4). */
export default function BalancePage() {
  const { t } = useTranslation();
  const { mode } = useSession();
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('ledger.title')}</Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('profile.accountMode')}
            </Text>
            <Badge color={mode === 'demo' ? 'teal.9' : 'blue.9'} data-testid="account-mode">
              {mode === 'demo' ? t('profile.demo') : t('profile.live')}
            </Badge>
            <Anchor component={Link} to="/profile" size="sm">
              {t('ledger.changeMode')}
            </Anchor>
          </Group>
          {mode === 'demo' && (
            <Text size="sm" c="dimmed">
              {t('ledger.demoHint')}
            </Text>
          )}
        </Stack>
        {mode === 'demo' && <ResetDemo />}
      </Group>
      <Stack gap="lg">
        <Balances />
        <Statement mode={mode} />
      </Stack>
    </Container>
  );
}

function Balances() {
  const { t } = useTranslation();
  const balances = useBalances();
  // Deposits and withdrawals move live money only.
  const hasActions = useSession().mode === 'live';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ledger-balances">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3" id="ledger-balances">
          {t('ledger.balances')}
        </Title>
        {hasActions && (
          <Group gap="xs">
            <Button component={Link} to="/deposit" size="xs" data-testid="balance-deposit">
              {t('money.deposit')}
            </Button>
            <Button component={Link} to="/withdraw" size="xs" variant="default" data-testid="balance-withdraw">
              {t('money.withdraw')}
            </Button>
          </Group>
        )}
      </Group>
      <QueryState query={balances} empty={t('ledger.noBalances')}>
        {(rows) => (
          <BalancesTable rows={rows} withActions={hasActions} labelledBy="ledger-balances" testId="balances-table" />
        )}
      </QueryState>
    </Card>
  );
}

/**
 * The statement (#16): one line per closed trade by default, or the ledger's lines (every
 * movement of money); the reader's choice is remembered on this device.
 */
function Statement({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  const [view, setView] = useState<StatementView>(() => rememberedStatementView(globalThis.localStorage));
  const toggle = (
    <SegmentedControl
      value={view}
      onChange={(value) => {
        const next: StatementView = value === 'ledger' ? 'ledger' : 'trades';
        setView(next);
        rememberStatementView(globalThis.localStorage, next);
      }}
      data={[
        { value: 'trades', label: t('ledger.viewTrades') },
        { value: 'ledger', label: t('ledger.viewLedger') },
      ]}
      aria-label={t('ledger.view')}
      data-testid="statement-view"
    />
  );
  if (view === 'ledger') return <LedgerStatement mode={mode} toggle={toggle} />;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ledger-statement">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id="ledger-statement">
          {t('ledger.statement')}
        </Title>
        <Group gap="sm">
          {toggle}
          <DownloadCsv download={() => downloadTradesCsv(mode)} />
        </Group>
      </Group>
      <TradeStatement />
    </Card>
  );
}

function LedgerStatement({ mode, toggle }: { mode: AccountMode; toggle: ReactNode }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<StatementFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const statement = useStatement(filters, page);
  const balances = useBalances();
  const assets = balances.data ?? [];
  const isFiltered = Object.values(filters).some((value) => value !== '');
  const update = (patch: Partial<StatementFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const pages = statement.data ? Math.max(1, Math.ceil(statement.data.total / STATEMENT_PAGE_SIZE)) : 1;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ledger-statement">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="ledger-statement">
          {t('ledger.statement')}
        </Title>
        <Group gap="sm">
          {toggle}
          <DownloadCsv download={() => downloadStatementCsv(filters, mode)} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="xs">
        <NativeSelect
          label={t('ledger.asset')}
          value={filters.asset}
          onChange={(event) => update({ asset: event.currentTarget.value })}
          data={[{ value: '', label: t('ledger.allAssets') }, ...assets.map((row) => row.asset)]}
        />
        <NativeSelect
          label={t('ledger.type')}
          value={filters.reason}
          onChange={(event) => update({ reason: event.currentTarget.value })}
          data={[
            { value: '', label: t('ledger.allTypes') },
            ...STATEMENT_REASONS.map((code) => ({ value: code, label: t(`ledger.reasons.${code}`) })),
          ]}
        />
        <TextInput
          type="date"
          label={t('ledger.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => update({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('ledger.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => update({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      {isFiltered && (
        <Button variant="subtle" size="compact-sm" mb="xs" onClick={() => update(NO_FILTERS)}>
          {t('ledger.clearFilters')}
        </Button>
      )}
      <QueryState query={statement}>
        {(data) =>
          data.entries.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center" data-testid="statement-empty">
              {isFiltered ? t('ledger.noMatches') : t('ledger.noEntries')}
            </Text>
          ) : (
            <StatementTable entries={data.entries} balances={assets} busy={statement.isPlaceholderData} />
          )
        }
      </QueryState>
      <PageNav pages={pages} page={page} onChange={setPage} />
    </Card>
  );
}

function StatementTable({
  entries,
  balances,
  busy,
}: {
  entries: TStatementEntry[];
  balances: TBalance[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  // The server writes each amount with its asset's decimals; the balances say how many.
  const decimalsOf = (entry: TStatementEntry) =>
    balances.find((row) => row.asset === entry.asset)?.decimals ?? entry.amount.split('.')[1]?.length ?? 0;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        aria-labelledby="ledger-statement"
        aria-busy={busy}
        striped
        data-testid="statement-table"
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ledger.time')}</Table.Th>
            <Table.Th scope="col">{t('ledger.type')}</Table.Th>
            <Table.Th scope="col">{t('ledger.asset')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('ledger.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('ledger.balanceAfter')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            // A transfer between a user's own available and held accounts is listed on both sides.
            <Table.Tr key={`${entry.id}:${entry.account}`}>
              <Table.Td>
                <time dateTime={entry.time}>{time.format(new Date(entry.time))}</time>
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <Text inherit>{t(`ledger.reasons.${entry.reason}`, { defaultValue: entry.reason })}</Text>
                  {entry.account === 'held' && (
                    <Badge size="sm" variant="outline" color="gray">
                      {t('ledger.heldAccount')}
                    </Badge>
                  )}
                </Group>
                {entry.note && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {t('ledger.operatorNote', { note: entry.note })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{entry.asset}</Table.Td>
              <Table.Td ta="end">
                <AmountText value={entry.amount} decimals={decimalsOf(entry)} signed />
              </Table.Td>
              <Table.Td ta="end">
                <AmountText value={entry.balanceAfter} decimals={decimalsOf(entry)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DownloadCsv({ download: run }: { download: () => Promise<void> }) {
  const { t } = useTranslation();
  // A failure is announced by the mutation toast, in the user's language.
  const download = useMutation({ mutationFn: run });
  return (
    <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
      {t('ledger.downloadCsv')}
    </Button>
  );
}

function ResetDemo() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const reset = useDemoReset();
  const confirm = async () => {
    try {
      await reset.mutateAsync();
      close();
      notifications.show({ color: 'green', message: t('ledger.resetDone'), autoClose: 4000 });
    } catch {
      // Announced by the mutation toast.
    }
  };
  return (
    <>
      <Button variant="default" onClick={open}>
        {t('ledger.resetDemo')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('ledger.resetTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Text>{t('ledger.resetText')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t('ledger.cancel')}
          </Button>
          <Button color="red" loading={reset.isPending} onClick={() => void confirm()}>
            {t('ledger.resetConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
