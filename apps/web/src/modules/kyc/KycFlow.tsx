import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TKycRecord } from '@openbourse/contracts';
import { CATALOGUE } from '@openbourse/contracts/constants';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { uploadImage } from '../../shared/upload/upload-image';
import { DocumentStep, type PhotoField } from './DocumentStep';
import { kycKeys, useSubmitKyc } from './kyc.api';
import { useProblemText } from './kyc-format';
import {
  FIELD_STEP,
  type FieldProblems,
  fieldsNamedByRefusal,
  firstStepWithProblems,
  type InkStroke,
  isSignatureDrawn,
  KYC_STEPS,
  type KycDraft,
  type KycField,
  type KycStep,
  localDay,
  stepProblems,
  submitRequest,
} from './kyc-logic';
import { PersonalStep } from './PersonalStep';
import { ReviewStep } from './ReviewStep';
import { SignaturePad, signaturePng } from './SignaturePad';

type Props = {
  /** Where the form starts (empty, or the personal details of a refused submission). */
  initial: KycDraft;
  /** The heading level of the form's title (2 inside a page, under its h1). */
  titleOrder?: 2 | 3;
  /** Move the focus to the first step's heading when the form appears (it was opened by a button). */
  focusOnOpen?: boolean;
  onSubmitted: (record: TKycRecord) => void;
  onCancel?: () => void;
};

type Ink = {
  strokes: readonly InkStroke[];
  size: { width: number; height: number };
  /** The PNG last uploaded for these strokes (null once they change), for the review's preview. */
  png: Blob | null;
};

/**
 * The KYC stepper (issue 17, SPEC §2 "KYC form"): personal details, the document, the signature,
 * then a review and a confirmation before sending. Each step is checked before the next opens,
 * its problems beside its fields in the reader's language; photos upload as they are chosen and
 * the signature when its step is left. The steps stay mounted (only the current one shows) so
 * previews and the drawing survive going back. A step change is announced and moves the focus to
 * the step's heading.
 */
export function KycFlow({ initial, titleOrder = 2, focusOnOpen = false, onSubmitted, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<KycDraft>(initial);
  const [stepIndex, setStepIndex] = useState(0);
  const [problems, setProblems] = useState<FieldProblems>({});
  // What is said above the buttons; `aboutFields` when it only points at marked fields, so it goes
  // once they are all corrected (it stayed, saying "correct the marked fields" with none marked).
  const [alert, setAlertState] = useState<{ text: string; aboutFields: boolean } | null>(null);
  const setAlert = (text: string | null, aboutFields = false) => setAlertState(text ? { text, aboutFields } : null);
  const [files, setFiles] = useState<Partial<Record<PhotoField, File>>>({});
  const [ink, setInk] = useState<Ink>({ strokes: [], size: { width: 0, height: 0 }, png: null });
  const [signatureUpload, setSignatureUpload] = useState<number | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isTruthful, setTruthful] = useState(false);
  const [truthfulError, setTruthfulError] = useState<string | null>(null);
  const submit = useSubmitKyc();
  const queryClient = useQueryClient();
  const problemText = useProblemText();

  const step = KYC_STEPS[stepIndex] as KycStep;
  const headings = useRef<Partial<Record<KycStep, HTMLHeadingElement | null>>>({});
  const stepBoxes = useRef<Partial<Record<KycStep, HTMLDivElement | null>>>({});
  // The step whose heading last had the focus: the first one counts as focused already unless the
  // form was opened by a button (a page that opens with the form does not move the focus).
  const focusedStep = useRef<KycStep | null>(focusOnOpen ? null : (KYC_STEPS[0] ?? null));
  const focusProblem = useRef(false);

  // A new step: its heading takes the focus (the live region below says which step it is).
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    headings.current[step]?.focus();
  }, [step]);

  // After a check found problems: the first marked field of the step takes the focus.
  useEffect(() => {
    if (!focusProblem.current) return;
    focusProblem.current = false;
    const first = stepBoxes.current[step]?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  });

  const isBusy = submit.isPending || signatureUpload !== null;

  const change = <F extends KycField>(field: F, value: KycDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      const next = { ...current };
      delete next[field];
      // The "same photo" problem is shown on the hand-held photo whichever of the photos changed.
      if (field === 'frontFileId' || field === 'backFileId') delete next.handheldFileId;
      return next;
    });
  };

  const goTo = (next: KycStep) => {
    setAlert(null);
    setStepIndex(KYC_STEPS.indexOf(next));
  };

  const showProblems = (found: FieldProblems) => {
    setProblems(found);
    setAlert(t('kyc.flow.fixFields'), true);
    focusProblem.current = true;
  };

  const saveSignature = async (): Promise<boolean> => {
    if (!isSignatureDrawn(ink.strokes)) {
      showProblems({ signatureFileId: { problem: ink.strokes.length === 0 ? 'signature' : 'signatureShort' } });
      return false;
    }
    if (draft.signatureFileId) return true;
    setSignatureUpload(0);
    setAlert(null);
    try {
      const png = await signaturePng(ink.strokes, ink.size.width, ink.size.height);
      const { id } = await uploadImage(new File([png], 'signature.png', { type: 'image/png' }), {
        onProgress: setSignatureUpload,
      });
      setInk((current) => ({ ...current, png }));
      change('signatureFileId', id);
      return true;
    } catch (error) {
      setAlert(errorMessage(error));
      return false;
    } finally {
      setSignatureUpload(null);
    }
  };

  const next = async () => {
    if (step === 'signature') {
      if (await saveSignature()) goTo('review');
      return;
    }
    const found = stepProblems(step, draft, localDay(new Date()));
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setProblems({});
    goTo(KYC_STEPS[stepIndex + 1] as KycStep);
  };

  const openConfirmation = () => {
    const incomplete = firstStepWithProblems(draft, localDay(new Date()));
    if (incomplete) {
      goTo(incomplete);
      showProblems(stepProblems(incomplete, draft, localDay(new Date())));
      return;
    }
    setTruthful(false);
    setTruthfulError(null);
    setConfirming(true);
  };

  const send = async () => {
    if (!isTruthful) {
      setTruthfulError(t('kyc.flow.confirm.truthfulRequired'));
      return;
    }
    try {
      const record = await submit.mutateAsync(submitRequest(draft));
      setConfirming(false);
      onSubmitted(record);
    } catch (error) {
      setConfirming(false);
      refused(error);
    }
  };

  /** A refusal: fields it names are marked on their step; anything else is said above the buttons. */
  const refused = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    if (code === CATALOGUE.KYC_UNDERAGE.code) {
      goTo('personal');
      setProblems({ birthdate: { problem: 'underage' } });
      setAlert(errorMessage(error), true);
      focusProblem.current = true;
      return;
    }
    const named =
      code === CATALOGUE.INVALID_INPUT.code && error instanceof ApiError ? fieldsNamedByRefusal(error.data) : [];
    const first = named[0];
    if (first) {
      goTo(FIELD_STEP[first]);
      setProblems(Object.fromEntries(named.map((field) => [field, { problem: 'refused' }])) as FieldProblems);
      setAlert(t('kyc.flow.refusedFields'), true);
      focusProblem.current = true;
      return;
    }
    // 10019: the verification is no longer open to a submission (one is pending or verified,
    // perhaps from another tab): the status is read again, and the page shows it.
    if (code === CATALOGUE.AUTHENTICATION_STATUS_WRONG.code)
      void queryClient.invalidateQueries({ queryKey: kycKeys.all });
    setAlert(errorMessage(error));
  };

  const setStrokes = (strokes: readonly InkStroke[], size: { width: number; height: number }) => {
    setInk({ strokes, size, png: null });
    change('signatureFileId', null);
  };

  const problemOfSignature = problemText(problems.signatureFileId) ?? null;

  const shownAlert = alert && !(alert.aboutFields && Object.keys(problems).length === 0) ? alert.text : null;

  const stepTitle = (each: KycStep) => t(`kyc.flow.steps.${each}`);
  const total = KYC_STEPS.length;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kyc-flow-title" data-testid="kyc-flow">
      <Title order={titleOrder} size="h3" id="kyc-flow-title" mb="sm">
        {t('kyc.flow.title')}
      </Title>

      <Group
        component="ol"
        aria-label={t('kyc.flow.progress')}
        gap="xs"
        wrap="nowrap"
        align="center"
        p={0}
        m={0}
        mb="md"
        style={{ listStyle: 'none' }}
      >
        {KYC_STEPS.map((each, index) => {
          const isCurrent = index === stepIndex;
          const isDone = index < stepIndex;
          return (
            <Group
              component="li"
              key={each}
              gap={6}
              wrap="nowrap"
              aria-current={isCurrent ? 'step' : undefined}
              style={{ flex: isCurrent ? '1 1 auto' : '0 1 auto', minWidth: 0 }}
            >
              <ThemeIcon
                radius="xl"
                size={26}
                variant={isCurrent || isDone ? 'filled' : 'light'}
                color={isDone ? 'teal.9' : 'blue'}
                aria-hidden="true"
              >
                {isDone ? <IconCheck size={14} /> : <Text size="xs">{index + 1}</Text>}
              </ThemeIcon>
              <Text size="sm" fw={isCurrent ? 600 : 400} visibleFrom={isCurrent ? undefined : 'sm'} truncate>
                {stepTitle(each)}
              </Text>
              {!isCurrent && <VisuallyHidden hiddenFrom="sm">{stepTitle(each)}</VisuallyHidden>}
            </Group>
          );
        })}
      </Group>

      <VisuallyHidden role="status" aria-live="polite" data-testid="kyc-step-announcement">
        {t('kyc.flow.stepOf', { current: stepIndex + 1, total, name: stepTitle(step) })}
      </VisuallyHidden>

      {KYC_STEPS.map((each) => (
        <div
          key={each}
          hidden={each !== step}
          ref={(element) => {
            stepBoxes.current[each] = element;
          }}
          data-testid={`kyc-step-${each}`}
        >
          <Stack gap="md">
            <div>
              <Text size="xs" c="dimmed">
                {t('kyc.flow.stepNumber', { current: KYC_STEPS.indexOf(each) + 1, total })}
              </Text>
              <Title
                order={(titleOrder + 1) as 3 | 4}
                size="h4"
                tabIndex={-1}
                ref={(element) => {
                  headings.current[each] = element;
                }}
                style={{ outlineOffset: 4 }}
              >
                {stepTitle(each)}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`kyc.flow.intro.${each}`)}
              </Text>
            </div>
            {each === 'personal' && (
              <PersonalStep
                draft={draft}
                problems={problems}
                today={localDay(new Date())}
                onChange={change}
                disabled={isBusy}
              />
            )}
            {each === 'document' && (
              <DocumentStep
                draft={draft}
                problems={problems}
                onChange={change}
                onPicked={(field, file) =>
                  setFiles((current) => {
                    const next = { ...current };
                    if (file) next[field] = file;
                    else delete next[field];
                    return next;
                  })
                }
                disabled={isBusy}
              />
            )}
            {each === 'signature' && (
              <Stack gap="xs">
                <SignaturePad
                  strokes={ink.strokes}
                  onChange={setStrokes}
                  error={problemOfSignature}
                  disabled={isBusy}
                />
                {signatureUpload !== null && (
                  <Stack gap={4}>
                    <Progress
                      value={Math.round(signatureUpload * 100)}
                      aria-label={t('kyc.flow.signature.saving')}
                      size="sm"
                      animated
                    />
                    <Text size="xs" role="status">
                      {t('kyc.flow.signature.saving')}
                    </Text>
                  </Stack>
                )}
              </Stack>
            )}
            {each === 'review' && (
              <ReviewStep draft={draft} files={files} signature={ink.png} onEdit={goTo} disabled={isBusy} />
            )}
          </Stack>
        </div>
      ))}

      {shownAlert && (
        <Alert color="red" role="alert" mt="md" data-testid="kyc-flow-alert">
          {shownAlert}
        </Alert>
      )}

      <Group justify="space-between" mt="lg" gap="sm">
        {stepIndex > 0 ? (
          <Button variant="default" onClick={() => goTo(KYC_STEPS[stepIndex - 1] as KycStep)} disabled={isBusy}>
            {t('kyc.flow.nav.back')}
          </Button>
        ) : onCancel ? (
          <Button variant="subtle" onClick={onCancel} disabled={isBusy}>
            {t('kyc.flow.nav.cancel')}
          </Button>
        ) : (
          <span />
        )}
        {step === 'review' ? (
          <Button onClick={openConfirmation} loading={submit.isPending} data-testid="kyc-submit">
            {t('kyc.flow.nav.submit')}
          </Button>
        ) : (
          <Button onClick={() => void next()} loading={signatureUpload !== null} data-testid="kyc-next">
            {t('kyc.flow.nav.next')}
          </Button>
        )}
      </Group>

      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('kyc.flow.confirm.title')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('kyc.flow.confirm.message')}</Text>
          <Checkbox
            label={t('kyc.flow.confirm.truthful')}
            checked={isTruthful}
            onChange={(event) => {
              setTruthful(event.currentTarget.checked);
              setTruthfulError(null);
            }}
            error={truthfulError}
            data-testid="kyc-confirm-truthful"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              {t('kyc.flow.confirm.cancel')}
            </Button>
            <Button onClick={() => void send()} loading={submit.isPending} data-testid="kyc-confirm-submit">
              {t('kyc.flow.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
