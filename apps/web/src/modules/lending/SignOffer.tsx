import { Alert, Button, Card, Checkbox, Group, Modal, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { KYC_STATUS, LOAN_TYPED_NAME_MAX } from '@openbourse/contracts/constants';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { uploadImage } from '../../shared/upload/upload-image';
import { useKycRecord } from '../kyc/kyc.api';
import { useDateTime } from '../kyc/kyc-format';
import { type InkStroke, isSignatureDrawn } from '../kyc/kyc-logic';
import { SignaturePad, signaturePng } from '../kyc/SignaturePad';
import { LoanTerms } from './LoanTerms';
import { useCancelLoan, useSignLoan } from './lending.api';

type Ink = { strokes: readonly InkStroke[]; size: { width: number; height: number } };
type SignProblems = { signature?: string; typedName?: string; agreed?: string };

/**
 * The offer awaiting the borrower's signature (issue 17): its terms, then a drawn signature, the
 * typed name (a verified borrower types the verified name) and "I have read and agree". Signing
 * uploads the drawing as a PNG (POST /upload) and signs with its id; the offer can be withdrawn
 * instead, its collateral released. It lapses at `signatureExpiresAt`.
 */
export function SignOffer({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const formId = useId();
  const record = useKycRecord();
  const verifiedName =
    record.data?.status === KYC_STATUS.verified && record.data.submission
      ? `${record.data.submission.firstName} ${record.data.submission.lastName}`
      : null;
  const [ink, setInk] = useState<Ink>({ strokes: [], size: { width: 0, height: 0 } });
  const [typedName, setTypedName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problems, setProblems] = useState<SignProblems>({});
  const [upload, setUpload] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isCancelling, setCancelling] = useState(false);
  // The signature uploaded for these strokes: signing again after a refusal does not upload it twice.
  const uploaded = useRef<{ strokes: readonly InkStroke[]; id: string } | null>(null);
  const sign = useSignLoan(loan.id);
  const cancel = useCancelLoan(loan.id);
  const isBusy = upload !== null || sign.isPending;

  const check = (): SignProblems => {
    const found: SignProblems = {};
    if (!isSignatureDrawn(ink.strokes)) {
      found.signature = ink.strokes.length === 0 ? t('lending.sign.drawSignature') : t('lending.sign.signatureShort');
    }
    if (typedName.trim() === '') found.typedName = t('lending.sign.typeName');
    if (!agreed) found.agreed = t('lending.sign.mustAgree');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    try {
      let signatureFileId = uploaded.current?.strokes === ink.strokes ? uploaded.current.id : null;
      if (!signatureFileId) {
        setUpload(0);
        const png = await signaturePng(ink.strokes, ink.size.width, ink.size.height);
        const { id } = await uploadImage(new File([png], 'signature.png', { type: 'image/png' }), {
          onProgress: setUpload,
        });
        uploaded.current = { strokes: ink.strokes, id };
        signatureFileId = id;
      }
      setUpload(null);
      await sign.mutateAsync({ signatureFileId, typedName: typedName.trim() });
    } catch (error) {
      setUpload(null);
      setRefusal(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg" data-testid="loan-offer">
      <Alert color="blue" role="status" title={t('lending.sign.offerTitle')}>
        <Text size="sm">
          {loan.kind === 'crypto_backed' ? t('lending.sign.offerCrypto') : t('lending.sign.offerUnsecured')}
        </Text>
        {loan.signatureExpiresAt && (
          <Text size="sm" fw={600} mt={4} data-testid="loan-offer-expires">
            {t('lending.sign.expires', { time: dateTime(loan.signatureExpiresAt) })}
          </Text>
        )}
      </Alert>

      <Card withBorder padding="lg">
        <LoanTerms loan={loan} />
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby={`${formId}-title`}>
        <Title order={2} size="h4" id={`${formId}-title`} mb="sm">
          {t('lending.sign.title')}
        </Title>
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate data-testid="loan-sign-form">
          <Stack gap="md">
            <SignaturePad
              strokes={ink.strokes}
              onChange={(strokes, size) => {
                setInk({ strokes, size });
                setProblems((current) => ({ ...current, signature: undefined }));
              }}
              error={problems.signature ?? null}
              disabled={isBusy}
            />
            <TextInput
              label={t('lending.sign.typedName')}
              description={
                verifiedName
                  ? t('lending.sign.typedNameVerified', { name: verifiedName })
                  : t('lending.sign.typedNameHint')
              }
              value={typedName}
              onChange={(event) => {
                setTypedName(event.currentTarget.value);
                setProblems((current) => ({ ...current, typedName: undefined }));
              }}
              maxLength={LOAN_TYPED_NAME_MAX}
              autoComplete="name"
              withAsterisk
              error={problems.typedName}
              disabled={isBusy}
              data-testid="loan-typed-name"
            />
            <Checkbox
              label={t('lending.sign.agree')}
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.currentTarget.checked);
                setProblems((current) => ({ ...current, agreed: undefined }));
              }}
              error={problems.agreed}
              disabled={isBusy}
              data-testid="loan-agree"
            />
            {upload !== null && (
              <Stack gap={4}>
                <Progress value={Math.round(upload * 100)} aria-label={t('lending.sign.saving')} />
                <Text size="xs" role="status">
                  {t('lending.sign.saving')}
                </Text>
              </Stack>
            )}
            {refusal && (
              <Alert color="red" role="alert" data-testid="loan-sign-refusal">
                {refusal}
              </Alert>
            )}
            <Group gap="sm" wrap="wrap">
              <Button type="submit" loading={isBusy} data-testid="loan-sign-submit">
                {t('lending.sign.submit')}
              </Button>
              <Button
                variant="default"
                color="red"
                onClick={() => setCancelling(true)}
                disabled={isBusy}
                data-testid="loan-cancel"
              >
                {t('lending.sign.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Modal
        opened={isCancelling}
        onClose={() => (cancel.isPending ? undefined : setCancelling(false))}
        title={t('lending.sign.cancelTitle')}
        centered
      >
        <Stack gap="sm" data-testid="loan-cancel-confirm">
          <Text size="sm">
            {loan.collateral
              ? t('lending.sign.cancelMessageCrypto', { asset: loan.collateral.asset })
              : t('lending.sign.cancelMessage')}
          </Text>
          {cancel.isError && (
            <Alert color="red" role="alert">
              {errorMessage(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setCancelling(false)} disabled={cancel.isPending}>
              {t('lending.sign.keepOffer')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setCancelling(false) })}
              data-testid="loan-cancel-confirm-submit"
            >
              {t('lending.sign.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
