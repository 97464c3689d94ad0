import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TDepositAddressResponse, TWalletNetworkConfig, TWalletPublicConfig } from '@openbourse/contracts';
import { depositsEndpoints } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { CopyButton } from '../../shared/ui/CopyButton';
import { QrCode } from '../../shared/ui/QrCode';
import { QueryState } from '../../shared/ui/QueryState';
import { DepositList } from './DepositList';
import { ManualClaim } from './ManualClaim';
import { PaymentsScreen, TxHash } from './parts';
import { paymentsKeys, useDepositAddress, useWalletConfig } from './payments.api';
import { ASSET_DECIMALS, amountProblem, assetsOffered, initialChoice, networksFor } from './payments-logic';
import { DepositWalletError, type DepositWalletErrorKey } from './wallet-errors';
import type { WalletDepositAsset, WalletDepositStep } from './wallet-pay';

/** SPEC §9: the wallet's code gets 10 s to arrive, else "config not loaded". */
const WALLET_CODE_TIMEOUT_MS = 10_000;
const importWalletCode = () => import('./wallet-pay');

async function loadWalletCode() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      importWalletCode(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('wallet code timeout')), WALLET_CODE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    throw new DepositWalletError('configNotLoaded');
  } finally {
    clearTimeout(timer);
  }
}

/** `/deposit?asset=&network=`: the user's own deposit address, wallet payment or manual claim, and the live list. */
export default function DepositPage() {
  return (
    <PaymentsScreen screen="deposit" size="lg">
      <Deposit />
    </PaymentsScreen>
  );
}

function Deposit() {
  const config = useWalletConfig();
  return <QueryState query={config}>{(data) => <DepositScreen config={data} />}</QueryState>;
}

function DepositScreen({ config }: { config: TWalletPublicConfig }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const choice = initialChoice(
    config.networks,
    { asset: params.get('asset'), network: params.get('network') },
    config.defaultNetwork,
  );
  if (!choice) {
    return (
      <Alert color="gray" role="status" data-testid="deposit-unavailable">
        {t('payments.deposit.noNetworks')}
      </Alert>
    );
  }
  const { asset, network } = choice;
  const choose = (next: { asset?: string; network?: string }) => {
    const nextAsset = next.asset ?? asset;
    const names: string[] = networksFor(config.networks, nextAsset).map((item) => item.network);
    const wanted = next.network ?? network;
    const nextNetwork = names.includes(wanted) ? wanted : (names[0] ?? '');
    setParams({ asset: nextAsset, network: nextNetwork }, { replace: true });
  };
  const networkConfig = config.networks.find((item) => item.network === network) as TWalletNetworkConfig;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
        <NativeSelect
          label={t('payments.common.asset')}
          value={asset}
          onChange={(event) => choose({ asset: event.currentTarget.value })}
          data={assetsOffered(config.networks)}
          data-testid="deposit-asset"
        />
        <NativeSelect
          label={t('payments.common.network')}
          value={network}
          onChange={(event) => choose({ network: event.currentTarget.value })}
          data={networksFor(config.networks, asset).map((item) => ({ value: item.network, label: item.label }))}
          data-testid="deposit-network"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AddressCard
          asset={asset}
          network={networkConfig}
          sandbox={config.sandbox && networkConfig.network === 'local'}
        />
        <PayCard config={config} asset={asset} network={networkConfig} />
      </SimpleGrid>
      <Card withBorder padding="lg" component="section" aria-labelledby="deposit-list-title">
        <Title order={2} size="h3" id="deposit-list-title" mb="sm">
          {t('payments.deposit.listTitle')}
        </Title>
        <DepositList />
      </Card>
    </Stack>
  );
}

function AddressCard({ asset, network, sandbox }: { asset: string; network: TWalletNetworkConfig; sandbox: boolean }) {
  const { t } = useTranslation();
  const address = useDepositAddress({
    asset: asset as TDepositAddressResponse['asset'],
    network: network.network,
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="deposit-address-title">
      <Title order={2} size="h3" id="deposit-address-title" mb="sm">
        {t('payments.deposit.addressTitle')}
      </Title>
      <QueryState query={address}>
        {(data) => (
          <Stack gap="sm">
            <Text size="sm">{t('payments.deposit.sendOnly', { asset: data.asset, network: data.label })}</Text>
            <Group align="flex-start" gap="md" wrap="wrap">
              <QrCode
                value={data.address}
                alt={t('payments.deposit.qrAlt', { network: data.label })}
                testId="deposit-qr"
              />
              <Stack gap="xs" style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Text size="sm" c="dimmed" id="deposit-address-label">
                  {t('payments.deposit.addressLabel', { network: data.label })}
                </Text>
                <Code
                  block
                  aria-labelledby="deposit-address-label"
                  data-testid="deposit-address"
                  style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
                >
                  {data.address}
                </Code>
                <CopyButton
                  value={data.address}
                  label={t('payments.deposit.copyAddress')}
                  copiedText={t('payments.common.copied')}
                  failedText={t('payments.common.copyFailed')}
                  testId="copy-address"
                />
              </Stack>
            </Group>
            <Group component="dl" className="ob-definition-list" gap="xl" wrap="wrap">
              <div>
                <Text component="dt" size="sm" c="dimmed">
                  {t('payments.deposit.minimum')}
                </Text>
                <Text component="dd" fw={600} data-testid="deposit-minimum">
                  {data.minimum} {data.asset}
                </Text>
              </div>
              <div>
                <Text component="dt" size="sm" c="dimmed">
                  {t('payments.deposit.requiredConfirmations')}
                </Text>
                <Text component="dd" fw={600} data-testid="deposit-required-confirmations">
                  {data.confirmations}
                </Text>
              </div>
            </Group>
            <Text size="sm" c="dimmed">
              {t('payments.deposit.belowMinimumWarning', { minimum: data.minimum, asset: data.asset })}
            </Text>
          </Stack>
        )}
      </QueryState>
      {sandbox && (
        <Alert color="grape" mt="md" role="note" data-testid="deposit-sandbox">
          <Text size="sm">{t('payments.deposit.sandboxNote')}</Text>
          <Anchor component={Link} to="/sandbox/faucet" size="sm" fw={600}>
            {t('payments.deposit.faucetLink')}
          </Anchor>
        </Alert>
      )}
    </Card>
  );
}

function PayCard({
  config,
  asset,
  network,
}: {
  config: TWalletPublicConfig;
  asset: string;
  network: TWalletNetworkConfig;
}) {
  const { t } = useTranslation();
  const canUseWallet = network.chainId !== null && !network.manualOnly && asset !== 'BTC';
  const [tab, setTab] = useState<string | null>(null);
  const current = tab ?? (canUseWallet ? 'wallet' : 'manual');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="deposit-pay-title">
      <Title order={2} size="h3" id="deposit-pay-title" mb="sm">
        {t('payments.deposit.payTitle')}
      </Title>
      <Tabs value={current} onChange={setTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="wallet" disabled={!canUseWallet} data-testid="tab-wallet">
            {t('payments.deposit.walletTab')}
          </Tabs.Tab>
          <Tabs.Tab value="manual" data-testid="tab-manual">
            {t('payments.deposit.manualTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="wallet" pt="md">
          {canUseWallet && <WalletPay config={config} asset={asset as WalletDepositAsset} network={network} />}
        </Tabs.Panel>
        <Tabs.Panel value="manual" pt="md">
          <ManualClaim asset={asset} network={network} />
        </Tabs.Panel>
      </Tabs>
      {!canUseWallet && (
        <Text size="sm" c="dimmed" mt="sm">
          {t('payments.deposit.manualOnly', { network: network.label })}
        </Text>
      )}
    </Card>
  );
}

type Failure = { kind: 'wallet'; key: DepositWalletErrorKey } | { kind: 'other'; message: string };

function WalletPay({
  config,
  asset,
  network,
}: {
  config: TWalletPublicConfig;
  asset: WalletDepositAsset;
  network: TWalletNetworkConfig;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const address = useDepositAddress({ asset, network: network.network });
  const minimum = address.data?.minimum ?? config.minimums[asset];
  const decimals = ASSET_DECIMALS[asset] ?? 6;
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [step, setStep] = useState<WalletDepositStep | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sent, setSent] = useState<{ txHash: string; txUrl: string | null } | null>(null);

  const problemText = (value: string) => {
    const problem = amountProblem(value, { decimals, minimum });
    return problem ? t(`payments.common.amountProblems.${problem}`, { minimum, asset, decimals }) : null;
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemText(amount);
    setAmountError(problem);
    if (problem) return;
    setFailure(null);
    setSent(null);
    if (!address.data) {
      setFailure({ kind: 'wallet', key: 'configNotLoaded' });
      return;
    }
    const depositAddress = address.data.address;
    setStep('connecting');
    try {
      const { payFromWallet } = await loadWalletCode();
      const result = await payFromWallet(
        {
          network,
          offeredChainIds: config.networks.flatMap((item) => (item.chainId === null ? [] : [item.chainId])),
          asset,
          depositAddress,
          amount,
        },
        {
          onStep: setStep,
          isLinked: async (networkName, wallet) => {
            const status = await callApi(depositsEndpoints.walletAuthStatus, {});
            return status.links.some(
              (link) => link.network === networkName && link.address.toLowerCase() === wallet.toLowerCase(),
            );
          },
          linkMessage: async (networkName, wallet) =>
            (await callApi(depositsEndpoints.walletLinkMessage, { query: { network: networkName, address: wallet } }))
              .message,
          link: (body) => callApi(depositsEndpoints.walletAuth, { body }),
          track: (body) => callApi(depositsEndpoints.trackDeposit, { body }),
        },
      );
      setSent({ txHash: result.txHash, txUrl: result.deposit.txUrl });
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.deposits });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.authStatus });
    } catch (error) {
      if (error instanceof DepositWalletError) setFailure({ kind: 'wallet', key: error.key });
      else setFailure({ kind: 'other', message: errorMessage(error) });
    } finally {
      setStep(null);
    }
  };

  return (
    <form onSubmit={(event) => void pay(event)} noValidate aria-label={t('payments.deposit.walletTab')}>
      <Stack gap="sm">
        <Text size="sm">{t('payments.deposit.walletIntro')}</Text>
        <TextInput
          label={t('payments.common.amountIn', { asset })}
          description={t('payments.deposit.minimumHint', { minimum, asset })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          onBlur={() => amount && setAmountError(problemText(amount))}
          error={amountError}
          required
          data-testid="wallet-amount"
        />
        <Button
          type="submit"
          loading={step !== null}
          onPointerEnter={() => void importWalletCode().catch(() => undefined)}
          data-testid="wallet-pay"
        >
          {t('payments.deposit.payFromWallet')}
        </Button>
        <Text size="sm" role="status" aria-live="polite" data-testid="wallet-step">
          {step ? t(`payments.deposit.steps.${step}`) : ''}
        </Text>
        {failure && (
          <Alert
            color="red"
            role="alert"
            data-testid="wallet-error"
            data-error={failure.kind === 'wallet' ? failure.key : 'other'}
          >
            {failure.kind === 'wallet' ? t(`payments.deposit.walletErrors.${failure.key}`) : failure.message}
          </Alert>
        )}
        {sent && (
          <Alert color="teal" role="status" data-testid="wallet-sent">
            <Text size="sm">{t('payments.deposit.sent')}</Text>
            <Text size="sm">
              {t('payments.common.hash')}: <TxHash hash={sent.txHash} url={sent.txUrl} />
            </Text>
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('payments.deposit.noApproval')}
        </Text>
      </Stack>
    </form>
  );
}
