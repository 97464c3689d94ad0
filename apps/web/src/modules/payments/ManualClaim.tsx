import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import type { TManualDepositRequest, TWalletNetworkConfig } from '@openbourse/contracts';
import { CATALOGUE, depositsEndpoints } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { ImageUploadField } from '../../shared/upload/ImageUploadField';
import { callApiWithCode, paymentsKeys } from './payments.api';
import { ASSET_DECIMALS, amountProblem } from './payments-logic';

type Fields = { amount: string; txHash: string; fromLast6: string; proofFileId: string | null };
const EMPTY: Fields = { amount: '', txHash: '', fromLast6: '', proofFileId: null };

/** Checks a transaction hash's shape per network: 0x + 64 hex on EVM chains, 64 hex on Tron and Bitcoin. */
export function looksLikeTxHash(network: string, hash: string): boolean {
  const text = hash.trim();
  return network === 'tron' || network === 'bitcoin'
    ? /^(0x)?[0-9a-fA-F]{64}$/.test(text)
    : /^0x[0-9a-fA-F]{64}$/.test(text);
}

/**
 * The manual path (SPEC §2 deposit screen): a transfer the watcher cannot see (BTC, Tron without
 * its API, a transfer to a wrong address) is claimed with its hash, the last six characters of
 * the sending address and a screenshot; it waits in the back office's deposit queue (20002).
 */
export function ManualClaim({ asset, network }: { asset: string; network: TWalletNetworkConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const decimals = ASSET_DECIMALS[asset] ?? 6;

  const check = (): Partial<Record<keyof Fields, string>> => {
    const found: Partial<Record<keyof Fields, string>> = {};
    const problem = amountProblem(fields.amount, { decimals });
    if (problem) found.amount = t(`payments.common.amountProblems.${problem}`, { decimals, asset, minimum: '' });
    if (!looksLikeTxHash(network.network, fields.txHash)) found.txHash = t('payments.deposit.manual.hashInvalid');
    if (!/^[0-9A-Za-z]{6}$/.test(fields.fromLast6.trim())) found.fromLast6 = t('payments.deposit.manual.last6Invalid');
    if (!fields.proofFileId) found.proofFileId = t('payments.deposit.manual.proofRequired');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    const body: TManualDepositRequest = {
      asset: asset as TManualDepositRequest['asset'],
      network: network.network,
      amount: fields.amount.trim(),
      txHash: fields.txHash.trim(),
      fromLast6: fields.fromLast6.trim(),
      proofFileId: fields.proofFileId as string,
    };
    setSending(true);
    try {
      const { code } = await callApiWithCode(depositsEndpoints.manualDeposit, { body });
      // 20002 "Deposit submitted for review", in the reader's language.
      setOutcome({ ok: true, message: catalogueMessage(code === 200 ? CATALOGUE.DEPOSIT_SUBMITTED.code : code) });
      setFields(EMPTY);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.deposits });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  const set = (field: 'amount' | 'txHash' | 'fromLast6') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [field]: value }));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('payments.deposit.manualTab')}>
      <Stack gap="sm">
        <Text size="sm">{t('payments.deposit.manual.intro')}</Text>
        <TextInput
          label={t('payments.common.amountIn', { asset })}
          inputMode="decimal"
          autoComplete="off"
          value={fields.amount}
          onChange={set('amount')}
          error={errors.amount}
          required
          data-testid="manual-amount"
        />
        <TextInput
          label={t('payments.deposit.manual.hash')}
          description={t('payments.deposit.manual.hashHint')}
          autoComplete="off"
          spellCheck={false}
          value={fields.txHash}
          onChange={set('txHash')}
          error={errors.txHash}
          required
          data-testid="manual-hash"
        />
        <TextInput
          label={t('payments.deposit.manual.last6')}
          description={t('payments.deposit.manual.last6Hint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={6}
          value={fields.fromLast6}
          onChange={set('fromLast6')}
          error={errors.fromLast6}
          required
          data-testid="manual-last6"
        />
        <ImageUploadField
          label={t('payments.deposit.manual.proof')}
          value={fields.proofFileId}
          onChange={(id) => setFields((current) => ({ ...current, proofFileId: id }))}
          error={errors.proofFileId}
          required
          data-testid="manual-proof"
        />
        <Button type="submit" loading={isSending} w="fit-content" data-testid="manual-submit">
          {t('payments.deposit.manual.submit')}
        </Button>
        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            data-testid={outcome.ok ? 'manual-submitted' : 'manual-error'}
          >
            {outcome.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
