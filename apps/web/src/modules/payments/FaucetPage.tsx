import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Container,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFaucetAsset, TFaucetResponse } from '@openbourse/contracts';
import { faucetEndpoints } from '@openbourse/contracts/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { CopyButton } from '../../shared/ui/CopyButton';
import { QueryState } from '../../shared/ui/QueryState';
import { useDepositAddress, useWalletConfig } from './payments.api';
import { WithPaymentsTexts } from './payments-i18n';
import { ASSET_DECIMALS, amountProblem, looksLikeAddress } from './payments-logic';

const FAUCET_ASSETS: TFaucetAsset[] = ['USDT', 'USDC', 'ETH'];
const DEFAULT_AMOUNTS: Record<TFaucetAsset, string> = { USDT: '1000', USDC: '1000', ETH: '1' };

/** `/sandbox/faucet`: test tokens on the sandbox chain, with no value (sandbox deployments only). */
export default function FaucetPage() {
  return (
    <WithPaymentsTexts>
      <Faucet />
    </WithPaymentsTexts>
  );
}

function Faucet() {
  const { t } = useTranslation();
  const config = useWalletConfig();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="xs">
        {t('payments.faucet.title')}
      </Title>
      <Badge color="grape.9" mb="md" data-testid="faucet-label">
        {t('payments.faucet.label')}
      </Badge>
      <QueryState query={config}>
        {(data) =>
          data.sandbox && data.networks.some((network) => network.network === 'local') ? (
            <FaucetForm />
          ) : (
            <Alert color="gray" role="status" data-testid="faucet-unavailable">
              {t('payments.faucet.unavailable')}
            </Alert>
          )
        }
      </QueryState>
    </Container>
  );
}

function FaucetForm() {
  const { t } = useTranslation();
  // Signed in on the live account: the user's own sandbox deposit address is the natural target.
  const own = useDepositAddress({ asset: 'USDT', network: 'local' });
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  const [asset, setAsset] = useState<TFaucetAsset>('USDT');
  const [amount, setAmount] = useState(DEFAULT_AMOUNTS.USDT);
  const [errors, setErrors] = useState<{ address?: string; amount?: string }>({});
  const [isSending, setSending] = useState(false);
  const [result, setResult] = useState<TFaucetResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (own.data && !touched) setAddress(own.data.address);
  }, [own.data, touched]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!looksLikeAddress('local', address)) found.address = t('payments.faucet.addressInvalid');
    const problem = amountProblem(amount, { decimals: ASSET_DECIMALS[asset] ?? 6 });
    if (problem)
      found.amount = t(`payments.common.amountProblems.${problem}`, {
        decimals: ASSET_DECIMALS[asset],
        asset,
        minimum: '',
      });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(
        await callApi(faucetEndpoints.faucet, { body: { address: address.trim(), asset, amount: amount.trim() } }),
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('payments.faucet.title')}>
        <Stack gap="sm">
          <Text size="sm">{t('payments.faucet.intro')}</Text>
          <TextInput
            label={t('payments.faucet.address')}
            description={own.data ? t('payments.faucet.addressPrefilled') : t('payments.faucet.addressHint')}
            value={address}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => {
              setTouched(true);
              setAddress(event.currentTarget.value);
            }}
            error={errors.address}
            required
            data-testid="faucet-address"
          />
          <NativeSelect
            label={t('payments.common.asset')}
            value={asset}
            onChange={(event) => {
              const next = event.currentTarget.value as TFaucetAsset;
              setAsset(next);
              setAmount(DEFAULT_AMOUNTS[next]);
            }}
            data={FAUCET_ASSETS}
            data-testid="faucet-asset"
          />
          <TextInput
            label={t('payments.common.amountIn', { asset })}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount}
            required
            data-testid="faucet-amount"
          />
          <Button type="submit" loading={isSending} w="fit-content" data-testid="faucet-submit">
            {t('payments.faucet.submit')}
          </Button>
          {failure && (
            <Alert color="red" role="alert" data-testid="faucet-error">
              {failure}
            </Alert>
          )}
          {result && (
            <Alert color="teal" role="status" data-testid="faucet-result">
              <Stack gap={4}>
                <Text size="sm">{t('payments.faucet.sent', { amount: result.amount, asset: result.asset })}</Text>
                <Text size="sm">{t('payments.common.hash')}:</Text>
                <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} data-testid="faucet-tx-hash">
                  {result.txHash}
                </Code>
                <CopyButton
                  value={result.txHash}
                  label={t('payments.faucet.copyHash')}
                  copiedText={t('payments.common.copied')}
                  failedText={t('payments.common.copyFailed')}
                />
              </Stack>
            </Alert>
          )}
          <Anchor component={Link} to="/deposit?network=local" size="sm">
            {t('payments.faucet.toDeposit')}
          </Anchor>
        </Stack>
      </form>
    </Card>
  );
}
