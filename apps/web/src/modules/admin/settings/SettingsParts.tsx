import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { formatQuantity, formatRatioPercent } from '../../market/format';
import { useLocale } from '../../market/use-locale';
import { ConfirmButton } from '../ui/ConfirmButton';
import { type Problem, REASON_MAX_LENGTH } from './settings-form';

/** How the area shows its values: lots and amounts with every decimal they have, rates as exact percentages. */
export function useSettingsFormat() {
  const { t } = useTranslation();
  const locale = useLocale();
  return useMemo(
    () => ({
      percent: (ratio: string) => formatRatioPercent(ratio, locale),
      quantity: (value: string) => formatQuantity(value, locale, 18),
      assetClass: (assetClass: string) => t(`admin.settings.classes.${assetClass}`, { defaultValue: assetClass }),
      dateTime: (iso: string) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime())
          ? iso
          : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
      },
    }),
    [locale, t],
  );
}

/** A validation problem in the reader's language. */
export function useProblemText() {
  const { t } = useTranslation();
  return (problem: Problem | undefined): string | undefined =>
    problem ? t(`admin.settings.errors.${problem.key}`, problem.values ?? {}) : undefined;
}

/**
 * In a right-to-left text a value is set apart from the text around it (Unicode first-strong
 * isolate): in Arabic, "0 USDT" and "25 USDT" stay two values on either side of the arrow
 * instead of one reordered run. Left-to-right texts need none, and stay plain for searching.
 */
const isolated = (value: string, isRightToLeft: boolean) => (isRightToLeft ? `\u2068${value}\u2069` : value);

/** One line of the confirmation: a field's label, its value now and the value it will have. */
export type ChangeLine = { key: string; label: string; before: string; after: string };

/** The operator's reason, required by every change and kept in the audit log. */
export function ReasonInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('admin.settings.common.reason')}
      description={t('admin.settings.common.reasonHint')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      maxLength={REASON_MAX_LENGTH}
      autosize
      minRows={2}
      required
    />
  );
}

type EditDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The dialog's heading, e.g. "Edit EURUSD". */
  title: string;
  /** What is changed, named in the confirmation's title. */
  subject: string;
  /** The form's fields, the reason among them. */
  children: ReactNode;
  changes: readonly ChangeLine[];
  reason: string;
  /** False while a field has a problem: saving waits for a valid form. */
  isValid: boolean;
  /** The server's refusal of the last try, shown beside the form. */
  error: unknown;
  /** Sends the change; resolves whether or not the server took it (a refusal shows in `error`). */
  onSave: () => Promise<void>;
};

/**
 * The edit dialog of a setting: its fields, the server's refusal if the last try was refused,
 * and "Save changes", which asks for confirmation with each changed field old → new.
 *
 * The confirmation is a dialog above this one. Mantine closes every open modal on Escape, so
 * this one closes on Escape itself, and only when the key was not pressed in another dialog.
 */
export function EditDialog({
  opened,
  onClose,
  title,
  subject,
  children,
  changes,
  reason,
  isValid,
  error,
  onSave,
}: EditDialogProps) {
  const { t, i18n } = useTranslation();
  const isRightToLeft = i18n.dir() === 'rtl';
  const id = useId();
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape' || event.isComposing) return;
    const dialog = document.activeElement?.closest('[role="dialog"]');
    if (dialog && dialog.getAttribute('aria-labelledby') !== `${id}-title`) return;
    onClose();
  });
  const hasChanges = changes.length > 0;
  return (
    <Modal
      id={id}
      opened={opened}
      onClose={onClose}
      title={title}
      closeOnEscape={false}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="sm">
        {children}
        {error ? (
          <Alert color="red" role="alert" title={t('admin.settings.common.refused')}>
            {errorMessage(error)}
          </Alert>
        ) : null}
        {!hasChanges && (
          <Text size="sm" c="dimmed">
            {t('admin.settings.common.noChange')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('admin.settings.common.cancel')}
          </Button>
          <ConfirmButton
            disabled={!hasChanges || !isValid}
            title={t('admin.settings.common.confirmTitle', { name: subject })}
            confirmLabel={t('admin.settings.common.confirmSave')}
            onConfirm={onSave}
            message={
              <Stack gap="xs">
                <Text size="sm">{t('admin.settings.common.confirmIntro')}</Text>
                <List size="sm" spacing={4}>
                  {changes.map((change) => (
                    <List.Item key={change.key}>
                      {t('admin.settings.common.change', {
                        field: change.label,
                        before: isolated(change.before, isRightToLeft),
                        after: isolated(change.after, isRightToLeft),
                      })}
                    </List.Item>
                  ))}
                </List>
                <Text size="sm">{t('admin.settings.common.confirmReason', { reason: reason.trim() })}</Text>
              </Stack>
            }
          >
            {t('admin.settings.common.save')}
          </ConfirmButton>
        </Group>
      </Stack>
    </Modal>
  );
}
