import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  APPROPRIATENESS_QUESTION_IDS,
  APPROPRIATENESS_QUESTIONS,
  type AppropriatenessAnswers,
  type AppropriatenessQuestion,
  appropriatenessOutcome,
} from '@openbourse/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswerAppropriateness } from './onboarding.api';
import { WithOnboardingTexts } from './onboarding-i18n';

type Draft = Partial<Record<AppropriatenessQuestion, string>>;

function isComplete(draft: Draft): draft is AppropriatenessAnswers {
  return APPROPRIATENESS_QUESTION_IDS.every((id) => typeof draft[id] === 'string');
}

/**
 * The appropriateness questions (ESMA, retail CFDs), asked before the first live trade: fixed
 * choices, the risk warning, and — when the answers show little experience — the warning that the
 * product may not be appropriate, which the user acknowledges before trading (a warning, not a ban).
 */
export default function AppropriatenessDialog({
  onAnswered,
  onClose,
}: {
  onAnswered: () => void;
  onClose: () => void;
}) {
  return (
    <WithOnboardingTexts>
      <Questions onAnswered={onAnswered} onClose={onClose} />
    </WithOnboardingTexts>
  );
}

function Questions({ onAnswered, onClose }: { onAnswered: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerAppropriateness();
  const [draft, setDraft] = useState<Draft>({});
  const [acknowledged, setAcknowledged] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const complete = isComplete(draft);
  const warns = complete && appropriatenessOutcome(draft) === 'warning';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) {
      setShowMissing(true);
      return;
    }
    if (warns && !acknowledged) return;
    try {
      await answer.mutateAsync({ answers: draft, ...(warns ? { acknowledged: true } : {}) });
      onAnswered();
    } catch {
      // The server's message is shown by the mutation toast; the answers stay to send again.
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('start.appropriateness.title')}
      size="lg"
      data-testid="appropriateness-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('start.appropriateness.intro')}</Text>
          <Alert color="orange" variant="light" title={t('start.appropriateness.riskTitle')}>
            {t('start.appropriateness.riskText')}
          </Alert>
          {APPROPRIATENESS_QUESTION_IDS.map((question) => (
            <Radio.Group
              key={question}
              name={question}
              label={t(`start.appropriateness.${question}.label`)}
              value={draft[question] ?? null}
              onChange={(value) => setDraft((current) => ({ ...current, [question]: value }))}
              error={showMissing && !draft[question] ? t('start.appropriateness.required') : undefined}
              required
              data-testid={`appropriateness-${question}`}
            >
              <Stack gap={6} mt={6}>
                {APPROPRIATENESS_QUESTIONS[question].map((choice) => (
                  <Radio key={choice} value={choice} label={t(`start.appropriateness.${question}.${choice}`)} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
          {warns && (
            <Alert
              color="red"
              role="alert"
              title={t('start.appropriateness.warningTitle')}
              data-testid="appropriateness-warning"
            >
              <Stack gap="xs">
                <Text size="sm">{t('start.appropriateness.warningText')}</Text>
                <Checkbox
                  checked={acknowledged}
                  onChange={(event) => setAcknowledged(event.currentTarget.checked)}
                  label={t('start.appropriateness.acknowledge')}
                  data-testid="appropriateness-acknowledge"
                />
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('start.appropriateness.cancel')}
            </Button>
            <Button
              type="submit"
              loading={answer.isPending}
              disabled={warns && !acknowledged}
              data-testid="appropriateness-submit"
            >
              {t('start.appropriateness.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
