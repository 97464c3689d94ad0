import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  Modal,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type {
  TAddressBookEntry,
  TWalletPublicConfig,
  TWithdrawalQuote,
  TWithdrawalRequest,
} from '@openbourse/contracts';
import { CATALOGUE, withdrawalsEndpoints } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { QueryState } from '../../shared/ui/QueryState';
import { useUserInfo } from '../identity/identity.api';
import { EntryState } from './AddressBookPage';
import { PaymentsScreen, StatusBadge } from './parts';
import { callApiWithCode, paymentsKeys, useAddressBook, useWalletConfig, useWithdrawalQuote } from './payments.api';
import {
  ASSET_DECIMALS,
  amountProblem,
  assetsOffered,
  exceedsAvailable,
  networksFor,
  ratioToPercent,
  shortHash,
} from './payments-logic';
import { WithdrawalList } from './WithdrawalList';

/** `/withdraw`: to a confirmed address-book entry, with the fee shown and a confirmation before money moves. */
export default function WithdrawPage() {
  return (
    <PaymentsScreen screen="withdraw">
      <Withdraw />
    </PaymentsScreen>
  );
}

function Withdraw() {
  const { t } = useTranslation();
  const config = useWalletConfig();
  return (
    <Stack gap="lg">
      <QueryState query={config}>{(data) => <WithdrawForm config={data} />}</QueryState>
      <Card withBorder padding="lg" component="section" aria-labelledby="withdraw-list-title">
        <Title order={2} size="h3" id="withdraw-list-title" mb="sm">
          {t('payments.withdraw.listTitle')}
        </Title>
        <WithdrawalList />
      </Card>
    </Stack>
  );
}

type Outcome = { tone: 'success' | 'notice' | 'error'; message: string };

function WithdrawForm({ config }: { config: TWalletPublicConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const assets = assetsOffered(config.networks);
  const wantedAsset = params.get('asset');
  const [asset, setAsset] = useState(wantedAsset && assets.includes(wantedAsset) ? wantedAsset : (assets[0] ?? 'USDT'));
  // No network is preselected: choosing the method is the user's decision (10026).
  const [network, setNetwork] = useState('');
  const [addressId, setAddressId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'network' | 'address' | 'amount' | 'totp', string>>>({});
  const [review, setReview] = useState<{
    request: TWithdrawalRequest;
    quote: TWithdrawalQuote;
    entry: TAddressBookEntry;
  } | null>(null);
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const user = useUserInfo().data;
  const book = useAddressBook();
  const decimals = ASSET_DECIMALS[asset] ?? 6;
  const networks = networksFor(config.networks, asset);
  const entries = (book.data?.items ?? []).filter((entry) => entry.network === network);
  const chosen = entries.find((entry) => entry.id === addressId && entry.status === 'usable') ?? null;

  const [settledAmount] = useDebouncedValue(amount.trim(), 400);
  const amountLooksRight = network !== '' && amountProblem(settledAmount, { decimals }) === null;
  const quote = useWithdrawalQuote(
    amountLooksRight
      ? {
          asset: asset as TWithdrawalRequest['asset'],
          network: network as TWithdrawalRequest['network'],
          amount: settledAmount,
        }
      : null,
  );

  const validate = () => {
    const found: typeof errors = {};
    if (network === '') found.network = catalogueMessage(CATALOGUE.CHOOSE_WITHDRAWAL_METHOD.code);
    else if (!chosen) found.address = catalogueMessage(CATALOGUE.RECEIVING_ADDRESS_MISSING.code);
    const problem = amountProblem(amount, {
      decimals,
      minimum: quote.data?.minimum ?? null,
      available: quote.data?.available ?? null,
    });
    if (problem) {
      found.amount = t(`payments.common.amountProblems.${problem}`, {
        decimals,
        asset,
        minimum: quote.data?.minimum ?? '',
      });
    } else if (quote.data && exceedsAvailable(quote.data)) {
      found.amount = catalogueMessage(CATALOGUE.INSUFFICIENT_BALANCE.code);
    }
    if (user?.totpEnabled && !/^\d{6}$/.test(totp.trim())) found.totp = t('payments.withdraw.totpInvalid');
    return found;
  };

  const openReview = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    if (!quote.data || quote.data.amount !== settledAmount || quote.isFetching) {
      setErrors({ amount: t('payments.withdraw.quoteWaiting') });
      return;
    }
    setReview({
      entry: chosen,
      quote: quote.data,
      request: {
        asset: asset as TWithdrawalRequest['asset'],
        network: network as TWithdrawalRequest['network'],
        address: chosen.address,
        amount: amount.trim(),
        ...(user?.totpEnabled ? { totp: totp.trim() } : {}),
      },
    });
  };

  const submit = async () => {
    if (!review) return;
    setSending(true);
    try {
      const { code } = await callApiWithCode(withdrawalsEndpoints.withdraw, { body: review.request });
      // 20003 submitted; 20094 one per day; 20095 another under review: each says so in its own words.
      const message = catalogueMessage(code === 200 ? CATALOGUE.WITHDRAWAL_SUBMITTED.code : code);
      setOutcome({
        tone: code === CATALOGUE.WITHDRAWAL_SUBMITTED.code || code === 200 ? 'success' : 'notice',
        message,
      });
      if (code === CATALOGUE.WITHDRAWAL_SUBMITTED.code || code === 200) {
        setAmount('');
        setTotp('');
      }
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: ['payments', 'quote'] });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error) });
    } finally {
      setSending(false);
      setReview(null);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="withdraw-form-title">
      <Title order={2} size="h3" id="withdraw-form-title" mb="sm">
        {t('payments.withdraw.formTitle')}
      </Title>
      <form onSubmit={openReview} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label={t('payments.common.asset')}
              value={asset}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setAsset(next);
                if (!networksFor(config.networks, next).some((item) => item.network === network)) setNetwork('');
                setAddressId(null);
              }}
              data={assets}
              data-testid="withdraw-asset"
            />
            <NativeSelect
              label={t('payments.common.network')}
              value={network}
              onChange={(event) => {
                setNetwork(event.currentTarget.value);
                setAddressId(null);
                setErrors((current) => ({ ...current, network: undefined }));
              }}
              data={[
                { value: '', label: t('payments.withdraw.chooseNetwork') },
                ...networks.map((item) => ({ value: item.network, label: item.label })),
              ]}
              error={errors.network}
              required
              data-testid="withdraw-network"
            />
          </SimpleGrid>
          {network !== '' && (
            <AddressChoice
              entries={entries}
              isLoading={book.isPending}
              value={addressId}
              onChange={(id) => {
                setAddressId(id);
                setErrors((current) => ({ ...current, address: undefined }));
              }}
              error={errors.address}
            />
          )}
          <TextInput
            label={t('payments.common.amountIn', { asset })}
            description={
              quote.data ? t('payments.withdraw.minimumHint', { minimum: quote.data.minimum, asset }) : undefined
            }
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount}
            required
            data-testid="withdraw-amount"
          />
          {quote.data && amountLooksRight && <QuoteView quote={quote.data} asset={asset} />}
          {quote.isError && amountLooksRight && (
            <Alert color="red" role="alert" data-testid="withdraw-quote-error">
              {errorMessage(quote.error)}
            </Alert>
          )}
          {user?.totpEnabled && (
            <TextInput
              label={t('payments.withdraw.totp')}
              description={t('payments.withdraw.totpHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={totp}
              onChange={(event) => setTotp(event.currentTarget.value)}
              error={errors.totp}
              required
              data-testid="withdraw-totp"
            />
          )}
          <Button type="submit" w="fit-content" data-testid="withdraw-review">
            {t('payments.withdraw.review')}
          </Button>
          {outcome && (
            <Alert
              color={outcome.tone === 'success' ? 'teal' : outcome.tone === 'notice' ? 'yellow' : 'red'}
              role={outcome.tone === 'error' ? 'alert' : 'status'}
              data-testid={`withdraw-${outcome.tone}`}
            >
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </form>
      <Modal
        opened={review !== null}
        onClose={() => (isSending ? undefined : setReview(null))}
        title={t('payments.withdraw.confirmTitle')}
        centered
      >
        {review && (
          <Stack gap="sm" data-testid="withdraw-confirm-dialog">
            <Text size="sm">{t('payments.withdraw.confirmText')}</Text>
            <Stack component="dl" gap={6} className="ob-definition-list">
              <Row label={t('payments.common.network')} value={review.entry.networkLabel} />
              <Row label={t('payments.withdraw.to')} value={review.entry.label || '—'} />
            </Stack>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
              {review.entry.address}
            </Code>
            <QuoteView quote={review.quote} asset={asset} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReview(null)} disabled={isSending}>
                {t('payments.common.cancel')}
              </Button>
              <Button loading={isSending} onClick={() => void submit()} data-testid="withdraw-confirm">
                {t('payments.withdraw.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} ta="end" className="ob-amount" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function QuoteView({ quote, asset }: { quote: TWithdrawalQuote; asset: string }) {
  const { t } = useTranslation();
  return (
    <Stack component="dl" gap={6} className="ob-definition-list" data-testid="withdraw-quote" aria-live="polite">
      <Row label={t('payments.withdraw.amountSent')} value={`${quote.amount} ${asset}`} />
      <Row
        label={t('payments.withdraw.fee', { rate: ratioToPercent(quote.feeRate) })}
        value={`${quote.fee} ${asset}`}
        testId="withdraw-fee"
      />
      <Row label={t('payments.withdraw.total')} value={`${quote.total} ${asset}`} testId="withdraw-total" />
      <Row label={t('payments.withdraw.available')} value={`${quote.available} ${asset}`} />
    </Stack>
  );
}

function AddressChoice({
  entries,
  isLoading,
  value,
  onChange,
  error,
}: {
  entries: TAddressBookEntry[];
  isLoading: boolean;
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const link = (
    <Anchor component={Link} to="/profile/withdrawal-addresses" size="sm">
      {t('payments.withdraw.manageBook')}
    </Anchor>
  );
  if (isLoading) return <Text size="sm">{t('app.loading')}</Text>;
  if (entries.length === 0) {
    return (
      <Alert color="blue" role="status" data-testid="withdraw-no-addresses">
        <Stack gap={4} align="flex-start">
          <Text size="sm">{t('payments.withdraw.noAddresses')}</Text>
          {error && (
            <Text size="sm" c="red">
              {error}
            </Text>
          )}
          {link}
        </Stack>
      </Alert>
    );
  }
  return (
    <Radio.Group
      label={t('payments.withdraw.address')}
      description={t('payments.withdraw.addressHint')}
      value={value}
      onChange={onChange}
      error={error}
      required
      data-testid="withdraw-addresses"
    >
      <Stack gap="xs" mt="xs">
        {entries.map((entry) => (
          <Card key={entry.id} withBorder padding="xs" data-testid="withdraw-address-option" data-status={entry.status}>
            <Radio
              value={entry.id}
              disabled={entry.status !== 'usable'}
              // Long addresses wrap inside the card instead of running past it on a phone.
              styles={{ body: { minWidth: 0 }, labelWrapper: { minWidth: 0, flex: 1 } }}
              label={
                <Stack gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {entry.label || t('payments.book.noLabel')}
                    </Text>
                    <StatusBadge status={entry.status} />
                  </Group>
                  {/* Shortened here; the confirmation shows the whole address before money moves. */}
                  <Text size="xs" className="ob-amount" title={entry.address}>
                    {shortHash(entry.address, 10)}
                  </Text>
                  <EntryState entry={entry} />
                </Stack>
              }
            />
          </Card>
        ))}
        {link}
      </Stack>
    </Radio.Group>
  );
}
